import type { CostTrend as Trend } from '@nuage/shared/dashboard-types';
import { operationsTexts } from '@nuage/shared/operations-messages';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { formatNumber } from '@/lib/format';

const monthName = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM' → 'mars 2025'. */
export function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthName.format(date);
}

/**
 * The month-on-month change, from the monthly cost snapshots the server keeps: a real figure,
 * or a plain sentence when there is nothing to compare with.
 */
export function CostTrend({ trend }: { trend: Trend }) {
  if (!trend.previous_month) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {operationsTexts.noPreviousMonth}
      </p>
    );
  }
  const since = `par rapport à ${monthLabel(trend.previous_month)}`;
  if (trend.change_percent === null) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Aucun coût en {monthLabel(trend.previous_month)} : pas de pourcentage à calculer
      </p>
    );
  }
  const change = trend.change_percent;
  const Icon = change > 0 ? TrendingUp : change < 0 ? TrendingDown : Minus;
  const text =
    change === 0 ? `Stable ${since}` : `${change > 0 ? '+' : ''}${formatNumber(change)} % ${since}`;
  return (
    <p
      className={cn(
        'flex items-center gap-1.5 text-sm font-medium',
        // A higher bill is the one to notice.
        change > 0
          ? 'text-amber-700 dark:text-amber-400'
          : change < 0
            ? 'text-green-700 dark:text-green-400'
            : 'text-slate-600 dark:text-slate-300',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
