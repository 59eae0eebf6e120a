import { formatXof } from '@/lib/format';
import type { PriceView } from './price-view';

/** Monthly price, per day and per hour, and the four lines of the breakdown (SPEC §2). */
export function PriceSummary({ view }: { view: PriceView }) {
  return (
    <div className="space-y-3">
      <div>
        <p className="text-2xl font-bold text-slate-900 dark:text-white">
          {formatXof(view.monthly)}{' '}
          <span className="text-sm font-normal text-slate-500 dark:text-slate-400">/ mois</span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {formatXof(view.daily)} par jour · {formatXof(view.hourly)} par heure
        </p>
      </div>
      <dl aria-label="Détail du prix" className="space-y-1 text-sm">
        {view.lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-2">
            <dt className="text-slate-500 dark:text-slate-400">{line.label}</dt>
            <dd className="font-medium tabular-nums">{formatXof(line.amount)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
