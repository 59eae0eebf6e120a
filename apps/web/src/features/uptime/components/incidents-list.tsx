import { uptimeTexts } from '@nuage/shared/messages/uptime';
import type { UptimeIncident } from '@nuage/shared/schemas/responses/uptime';
import { formatDuration } from '@nuage/shared/uptime-math';
import { formatDateTime } from '@/lib/format';

/** The last 30 days' incidents, newest first: when, how long, why. */
export function IncidentsList({ incidents }: { incidents: UptimeIncident[] }) {
  if (incidents.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{uptimeTexts.noIncident}</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Incidents">
      {incidents.map((i) => (
        <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <span className="text-sm">
            <span className="font-medium text-red-700 dark:text-red-400">{i.raison}</span>
            <span className="text-slate-500 dark:text-slate-400"> · {formatDateTime(i.debut)}</span>
          </span>
          <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
            {i.fin === null
              ? `${uptimeTexts.ongoing} depuis ${formatDuration(i.duree_secondes)}`
              : `durée ${formatDuration(i.duree_secondes)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
