import { podPartOf, podStatusView, type PodPart } from '@nuage/shared/status-display';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

const partLabels: Record<PodPart, string> = {
  application: 'Application',
  database: 'Base de données',
  setup: 'Installation',
};

/**
 * What runs the application, in the customer's words (issue 33 item 6): each instance of the
 * application, then its database and installation task when it has them, with their state as
 * SPEC §4 "Pod status" colours it. The runtime's object names stay in a tooltip.
 */
export function PodsCard({
  pods,
  hasDatabase,
}: {
  pods: DeploymentDetail['pods_status'];
  hasDatabase: boolean;
}) {
  const parts = pods.map((pod) => podPartOf(pod.name, hasDatabase));
  const instances = pods.filter((_, i) => parts[i] === 'application');
  let instanceNumber = 0;
  return (
    <Card role="region" aria-labelledby="pods-title">
      <CardHeader
        title={<span id="pods-title">Instances</span>}
        description={`${instances.filter((p) => p.status === 'Running').length} / ${instances.length} instance${instances.length > 1 ? 's' : ''} en marche`}
      />
      <CardBody>
        {pods.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Aucune instance pour le moment.
          </p>
        ) : (
          <ul className="space-y-2" aria-label="Liste des instances">
            {pods.map((pod, i) => {
              const part = parts[i]!;
              const label =
                part === 'application' ? `Instance ${++instanceNumber}` : partLabels[part];
              return (
                <li
                  key={pod.name}
                  aria-label={label}
                  title={pod.name}
                  className="flex flex-col gap-1.5 rounded-lg border border-slate-200 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-2 dark:border-slate-700"
                >
                  <span className="min-w-0 font-medium sm:flex-1">{label}</span>
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge tone={podStatusView(pod.status).tone}>
                      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
                      {podStatusView(pod.status).label}
                    </Badge>
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {pod.ready ? 'Prête' : 'Pas prête'} · {pod.restarts} redémarrage
                      {pod.restarts > 1 ? 's' : ''}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
