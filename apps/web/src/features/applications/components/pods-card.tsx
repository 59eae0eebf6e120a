import { isDatabasePod, podStatusView } from '@nuage/shared/status-display';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

/** The pods and their phase, coloured as SPEC §4 "Pod status" says. */
export function PodsCard({ pods }: { pods: DeploymentDetail['pods_status'] }) {
  return (
    <Card role="region" aria-labelledby="pods-title">
      <CardHeader
        title={<span id="pods-title">Pods</span>}
        description={`${pods.filter((p) => p.status === 'Running').length} / ${pods.length} en cours d'exécution`}
      />
      <CardBody>
        {pods.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Aucun pod pour le moment.</p>
        ) : (
          <ul className="space-y-2" aria-label="Liste des pods">
            {pods.map((pod) => (
              <li
                key={pod.name}
                aria-label={pod.name}
                className="flex flex-col gap-1.5 rounded-lg border border-slate-200 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-2 dark:border-slate-700"
              >
                <span className="min-w-0 font-mono text-xs break-all sm:flex-1">{pod.name}</span>
                <span className="flex flex-wrap items-center gap-2">
                  {isDatabasePod(pod.name) && <Badge tone="purple">Base de données</Badge>}
                  <Badge tone={podStatusView(pod.status).tone}>
                    <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
                    {podStatusView(pod.status).label}
                  </Badge>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {pod.ready ? 'Prêt' : 'Pas prêt'} · {pod.restarts} redémarrage
                    {pod.restarts > 1 ? 's' : ''}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
