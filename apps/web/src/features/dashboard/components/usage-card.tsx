import type { DashboardUsage } from '@nuage/shared/dashboard-types';
import type { UsageBar } from '@nuage/shared/schemas/responses/dashboard';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatNumber } from '@/lib/format';

/** SPEC §2 resource-usage bars, computed as SPEC §9 says (see dashboard-usage.ts). */
export function UsageCard({ usage }: { usage: DashboardUsage }) {
  return (
    <Card role="region" aria-labelledby="usage-title">
      <CardHeader
        title={<span id="usage-title">Utilisation des ressources</span>}
        description={`Estimation sur ${usage.active_deployments} application${usage.active_deployments > 1 ? 's' : ''} active${usage.active_deployments > 1 ? 's' : ''}, rapportée aux quotas de vos projets.`}
      />
      <CardBody className="grid gap-5 sm:grid-cols-2">
        <Bar label="CPU" bar={usage.cpu} unit="cores" />
        <Bar label="RAM" bar={usage.ram} unit="GB" />
        <Bar label="Stockage" bar={usage.storage} unit="GB" />
        {/* SPEC §9 estimates it (15 % per active application): nothing is measured. */}
        <Bar label="Bande passante (estimation)" bar={usage.bandwidth} unit="" />
      </CardBody>
    </Card>
  );
}

function Bar({ label, bar, unit }: { label: string; bar: UsageBar; unit: string }) {
  const percent = `${formatNumber(bar.percent)} %`;
  const detail =
    bar.used !== null && bar.limit !== null
      ? `${formatNumber(bar.used)} / ${formatNumber(bar.limit)} ${unit}`
      : null;
  const tone =
    bar.percent >= 90 ? 'bg-red-500' : bar.percent >= 70 ? 'bg-amber-500' : 'bg-blue-600';
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-slate-600 tabular-nums dark:text-slate-400">
          {detail ? `${detail} · ` : ''}
          <strong className="text-slate-900 dark:text-slate-100">{percent}</strong>
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={bar.percent}
        aria-valuetext={detail ? `${detail} (${percent})` : percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className={cn('h-full rounded-full', tone)} style={{ width: `${bar.percent}%` }} />
      </div>
    </div>
  );
}
