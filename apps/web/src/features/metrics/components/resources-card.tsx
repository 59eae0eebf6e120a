import { useQuery } from '@tanstack/react-query';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { InfoList } from '@/components/ui/info-list';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { formatNumber } from '@/lib/format';
import type { ApplicationMetrics } from '@nuage/shared/schemas/responses/monitoring';
import { metricsQueryOptions } from '../api/get-metrics';
import { buildsFromGit } from '@/lib/builds-from-git';

/** SPEC §2 resources (CPU cores, RAM GB, a template's image and version) and live usage. */
export function ResourcesCard({ deployment: d }: { deployment: DeploymentDetail }) {
  const metrics = useQuery(metricsQueryOptions(d.id));
  return (
    <Card role="region" aria-labelledby="resources-title">
      <CardHeader title={<span id="resources-title">Ressources</span>} />
      <CardBody className="space-y-4 py-2">
        <InfoList
          items={[
            { label: 'CPU', value: `${formatNumber(d.cpu_requis)} cores` },
            { label: 'RAM', value: `${formatNumber(d.ram_requise)} GB` },
            // A code application's image is an internal reference (nuage-builds/<id>): the
            // source card says what it was built from instead.
            ...(buildsFromGit(d)
              ? []
              : [
                  { label: 'Image', value: d.image_url },
                  { label: 'Version du modèle', value: d.helm_chart_version },
                ]),
          ]}
        />
        <LiveUsage metrics={metrics.data} failed={metrics.isError} />
      </CardBody>
    </Card>
  );
}

function LiveUsage({ metrics, failed }: { metrics?: ApplicationMetrics; failed: boolean }) {
  if (!metrics && !failed) return null;
  if (failed || !metrics?.available) {
    return (
      <p className="pb-2 text-sm text-slate-500 dark:text-slate-400">
        {metrics?.message ?? 'Métriques indisponibles pour le moment.'}
      </p>
    );
  }
  return (
    <div className="space-y-3 pb-3" aria-label="Utilisation en direct" role="group">
      <p className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">
        Utilisation en direct
        {metrics.source === 'simulation' && (
          // The simulation runtime invents these figures: say so next to them.
          <span className="ml-2 rounded bg-violet-100 px-1.5 py-0.5 font-semibold text-violet-800 normal-case dark:bg-violet-950 dark:text-violet-200">
            simulé
          </span>
        )}
      </p>
      <Meter
        label="CPU utilisé"
        used={metrics.cpu.used}
        limit={metrics.cpu.limit}
        unit="cores"
        percent={metrics.cpu.percent}
      />
      <Meter
        label="RAM utilisée"
        used={metrics.ram.used}
        limit={metrics.ram.limit}
        unit="GB"
        percent={metrics.ram.percent}
      />
    </div>
  );
}

function Meter(props: {
  label: string;
  used: number;
  limit: number;
  unit: string;
  percent: number;
}) {
  const percent = Math.min(100, props.percent);
  const text = `${formatNumber(props.used)} / ${formatNumber(props.limit)} ${props.unit}`;
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-2 text-sm">
        <span>{props.label}</span>
        <span className="text-slate-600 tabular-nums dark:text-slate-400">
          {text} ({formatNumber(props.percent)} %)
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} (${formatNumber(props.percent)} %)`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-blue-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
