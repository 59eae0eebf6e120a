import {
  describeMetricAlertRule,
  metricAlertTexts as t,
} from '@nuage/shared/messages/metric-alerts';
import type { MetricAlertIncident } from '@nuage/shared/schemas/responses/metric-alerts';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';

/** The alerts going on (first) and those of the last 30 days, with their start and end. */
export function AlertIncidents({ incidents }: { incidents: MetricAlertIncident[] }) {
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold">{t.recentIncidents}</h3>
      {incidents.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t.noIncident}</p>
      ) : (
        <ul className="space-y-2">
          {incidents.map((i) => (
            <li key={i.id} className="flex flex-wrap items-start gap-2 text-sm">
              {i.fin === null ? (
                <Badge tone="red">{t.ongoing}</Badge>
              ) : (
                <Badge tone="grey">{t.endedBadge}</Badge>
              )}
              <span className="min-w-0 flex-1">
                <span className="block">{describeMetricAlertRule(i)}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {i.fin === null
                    ? t.since(formatDateTime(i.debut))
                    : t.ended(formatDateTime(i.debut), formatDateTime(i.fin))}{' '}
                  — {t.incidentValue(i.type, i.valeur)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
