import { composeFormTexts as t } from '@nuage/shared/messages/compose';
import { podStatusView } from '@nuage/shared/status-display';
import { serviceOfPod } from '@nuage/shared/compose-pods';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { FileCode, GitBranch } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { ApplicationMetrics } from '@nuage/shared/schemas/responses/monitoring';
import { formatNumber } from '@/lib/format';

type Compose = NonNullable<DeploymentDetail['compose']>;
type Pod = DeploymentDetail['pods_status'][number];

const gb = (n: number) => `${String(n).replace('.', ',')} Go`;

/**
 * Which pods run which service: a service's containers (docker `<app>-<service>`) and pods
 * (Kubernetes `<app>-<service>-…`) carry its name; the exposed service's are the application's
 * own replicas, i.e. every pod of no other service.
 */
/** A near-idle service uses a few thousandths of a core: « < 0,01 », not a misleading « 0 ». */
const coresNow = (cpu: number) => (cpu > 0 && cpu < 0.005 ? '< 0,01' : formatNumber(cpu));

export function podsByService(compose: Compose, pods: Pod[]): Map<string, Pod[]> {
  const byService = new Map<string, Pod[]>(compose.services.map((s) => [s.nom, []]));
  const names = compose.services.map((s) => s.nom);
  for (const pod of pods) {
    byService.get(serviceOfPod(pod.name, names, compose.service_expose))?.push(pod);
  }
  return byService;
}

/** Each service's live CPU (cores) and memory (GB), summed over its containers or pods. */
export function usageByService(metrics: ApplicationMetrics | undefined) {
  const usage = new Map<string, { cpu: number; ram: number }>();
  if (!metrics?.available) return usage;
  for (const p of metrics.pods) {
    if (!p.service) continue;
    const sum = usage.get(p.service) ?? { cpu: 0, ram: 0 };
    usage.set(p.service, { cpu: sum.cpu + p.cpu, ram: sum.ram + p.ram });
  }
  return usage;
}

/**
 * A Compose application's services with their image, size, state and live usage (issue 30
 * item 2): the same measures as the « Ressources » card, per service.
 */
export function ComposeServicesCard({
  compose,
  pods,
  metrics,
  repository,
}: {
  compose: Compose;
  pods: Pod[];
  /** The application's live metrics (the page reads them for the « Ressources » card too). */
  metrics?: ApplicationMetrics | undefined;
  /** Where a file read from a Git repository comes from (none for a pasted file). */
  repository?: { url: string; branch: string | null; path: string | null } | undefined;
}) {
  const byService = podsByService(compose, pods);
  const usage = usageByService(metrics);
  // The simulation runtime runs no service: it says so rather than « not started ».
  const simulated = pods.some((p) => p.name.includes('-simule-'));
  return (
    <Card role="region" aria-labelledby="compose-services-title">
      <CardHeader
        title={<span id="compose-services-title">{t.servicesTitle}</span>}
        description={t.servicesDescription}
      />
      <CardBody>
        {repository && (
          <p className="mb-3 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600 dark:text-slate-400">
            <span>{t.fromRepository} :</span>
            <a
              href={repository.url}
              target="_blank"
              rel="noreferrer"
              className="font-mono break-all text-blue-600 hover:underline dark:text-blue-400"
            >
              {repository.url}
            </a>
            {repository.branch && (
              <span className="inline-flex items-center gap-1">
                · <GitBranch className="size-3.5" aria-hidden="true" />
                {t.fromRepositoryBranch(repository.branch)}
              </span>
            )}
            {repository.path && (
              <span className="inline-flex items-center gap-1">
                · <FileCode className="size-3.5" aria-hidden="true" />
                {t.fromRepositoryPath(repository.path)}
              </span>
            )}
          </p>
        )}
        <ul className="space-y-2" aria-label={t.servicesTitle}>
          {compose.services.map((s) => {
            const own = byService.get(s.nom) ?? [];
            const failing = own.find((p) => p.status === 'Failed');
            const shown = failing ?? own.find((p) => p.status !== 'Running') ?? own[0];
            const view = shown
              ? podStatusView(shown.status)
              : simulated
                ? { tone: 'purple' as const, label: t.stateSimulated }
                : null;
            return (
              <li
                key={s.nom}
                aria-label={s.nom}
                className="flex flex-col gap-1.5 rounded-lg border border-slate-200 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-2 dark:border-slate-700"
              >
                <span className="min-w-0 sm:flex-1">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {s.nom}
                    {s.nom === compose.service_expose && (
                      <Badge tone="blue">
                        {t.exposedBadge} · {compose.port}
                      </Badge>
                    )}
                    {s.construit && <Badge tone="purple">{t.builtBadge}</Badge>}
                  </span>
                  {/* A built image's name is the platform's (nuage-builds/<id>/…): its build instead. */}
                  <span
                    className={`block truncate text-xs text-slate-600 dark:text-slate-400 ${s.construit ? '' : 'font-mono'}`}
                  >
                    {s.construit
                      ? t.builtImage(s.image.slice(s.image.lastIndexOf(':') + 1))
                      : s.image}
                  </span>
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  <span className="block">
                    {String(s.cpu).replace('.', ',')} cœur · {gb(s.ram)}
                    {s.limites_du_fichier ? '' : ` (${t.defaultSize})`}
                  </span>
                  {usage.has(s.nom) && (
                    <span className="block" aria-label={t.liveUsageLabel}>
                      {t.liveUsage(
                        coresNow(usage.get(s.nom)!.cpu),
                        formatNumber(usage.get(s.nom)!.ram * 1000),
                      )}
                    </span>
                  )}
                </span>
                <span className="self-start sm:self-auto">
                  <Badge tone={view?.tone ?? 'grey'}>
                    <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
                    {view?.label ?? t.stateUnknown}
                  </Badge>
                </span>
              </li>
            );
          })}
        </ul>
        {compose.volumes.length > 0 && (
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
            {t.volumes} : {compose.volumes.map((v) => `${v.nom} (${gb(v.taille)})`).join(', ')}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
