import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { listStatusView } from '@nuage/shared/status-display';
import { Database } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';

/** One database: name (to its page), engine and version, status, internal address, resources. */
export function DatabaseCard({ database: d }: { database: DatabaseResource }) {
  const titleId = `database-${d.id}`;
  const { tone, label } = listStatusView(d.statut_deploiement);
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="inline-flex min-w-0 items-center gap-2 text-lg font-semibold">
          <Database
            className="size-4 shrink-0 text-blue-600 dark:text-blue-400"
            aria-hidden="true"
          />
          <Link to={`/database/${d.id}`} className="truncate hover:text-blue-600 hover:underline">
            {d.nom}
          </Link>
        </h3>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge tone="blue">
          {d.moteur_libelle} {d.version}
        </Badge>
      </div>
      <p className="truncate font-mono text-xs text-slate-600 dark:text-slate-300" title={t.host}>
        {d.hote}:{d.port}
      </p>
      {tone === 'red' && d.status_reason && (
        <p className="text-sm text-red-600 dark:text-red-400">{d.status_reason}</p>
      )}
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Metric label={t.cpu} value={formatNumber(d.cpu_requis)} />
        <Metric label={t.ram} value={formatNumber(d.ram_requise)} />
        <Metric label={t.storage} value={formatNumber(d.stockage_requis)} />
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t.linkedCount(d.applications_liees.length)}
      </p>
    </Card>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
