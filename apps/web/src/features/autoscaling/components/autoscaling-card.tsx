import { autoscalingTexts as m } from '@nuage/shared/messages/autoscaling';
import type { Autoscaling } from '@nuage/shared/schemas/responses/autoscaling';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/format';
import { autoscalingQueryOptions } from '../api/get-autoscaling';
import { AutoscalingForm } from './autoscaling-form';

function stateText(a: Autoscaling): string {
  if (!a.active) return m.disabled;
  if (a.hpa) return m.kubernetesState(a.hpa.actuelles, a.hpa.souhaitees);
  return m.currentState(a.instances, a.min_instances, a.max_instances);
}

/**
 * « Mise à l’échelle automatique »: whether it is on, the instances now, why the quota stops
 * it, the last decisions and, for developers and admins, the settings.
 */
export function AutoscalingCard({
  deploymentId,
  canManage,
}: {
  deploymentId: string;
  canManage: boolean;
}) {
  const query = useQuery(autoscalingQueryOptions(deploymentId));
  const a = query.data;
  return (
    <Card role="region" aria-labelledby="autoscaling-title">
      <CardHeader
        title={<span id="autoscaling-title">{m.cardTitle}</span>}
        description={m.cardDescription}
        actions={
          a && (
            <div className="flex gap-2">
              {a.simule && <Badge tone="purple">{m.simulatedBadge}</Badge>}
              <Badge tone={a.active ? 'green' : 'grey'}>{a.active ? m.on : m.off}</Badge>
            </div>
          )
        }
      />
      <CardBody className="space-y-4">
        {query.isError && (
          <p className="text-sm text-slate-500 dark:text-slate-400">{m.unavailable}</p>
        )}
        {a && (
          <>
            {a.simule && a.active && (
              <p className="text-sm text-violet-800 dark:text-violet-200">{m.simulatedNotice}</p>
            )}
            <p className="text-sm text-slate-700 dark:text-slate-200">{stateText(a)}</p>
            {a.blocage && <Notice tone="warning">{a.blocage}</Notice>}
            <div className="space-y-1">
              <h3 className="text-sm font-semibold">{m.lastDecisions}</h3>
              {a.decisions.length === 0 ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">{m.noDecision}</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {a.decisions.map((d) => (
                    <li key={`${d.date}-${d.message}`} className="break-words">
                      <span className="text-slate-500 tabular-nums dark:text-slate-400">
                        {formatDateTime(d.date)}
                      </span>{' '}
                      — {d.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {canManage && <AutoscalingForm deploymentId={deploymentId} current={a} />}
          </>
        )}
      </CardBody>
    </Card>
  );
}
