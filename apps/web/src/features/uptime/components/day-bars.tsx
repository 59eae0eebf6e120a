import { uptimeTexts } from '@nuage/shared/messages/uptime';
import type { UptimeDayBar } from '@nuage/shared/schemas/responses/uptime';
import { dayTone, formatPercent, type DayTone } from '@nuage/shared/uptime-math';
import { formatDate } from '@/lib/format';

/** Colours readable on both themes; « no data » stays neutral, never green. */
const toneClasses: Record<DayTone, string> = {
  up: 'bg-green-600 dark:bg-green-500',
  degraded: 'bg-amber-500 dark:bg-amber-400',
  down: 'bg-red-600 dark:bg-red-500',
  none: 'bg-slate-200 dark:bg-slate-700',
};

const dayText = (d: UptimeDayBar) =>
  `${formatDate(`${d.jour}T12:00:00Z`)} : ${
    d.pourcentage === null
      ? uptimeTexts.dayNoData
      : `${formatPercent(d.pourcentage)} (${d.echecs} échec${d.echecs > 1 ? 's' : ''} sur ${d.verifications})`
  }`;

/** One bar per day, oldest first; each says its day and share on hover and to screen readers. */
export function DayBars({ days, summary }: { days: UptimeDayBar[]; summary: string }) {
  return (
    <div>
      <ul className="flex h-10 gap-px" aria-label={summary}>
        {days.map((d) => (
          <li
            key={d.jour}
            title={dayText(d)}
            className={`flex-1 rounded-[2px] ${toneClasses[dayTone(d.pourcentage)]}`}
          >
            <span className="sr-only">{dayText(d)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-1 flex justify-between text-xs text-slate-500 dark:text-slate-400">
        <span>il y a {days.length} jours</span>
        <span>aujourd’hui</span>
      </div>
    </div>
  );
}
