import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { Deployment } from '@nuage/shared/api-types';
import { listStatusView } from '@nuage/shared/status-display';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { buildsFromGit } from '@/lib/builds-from-git';

/** One application: name (to its detail page), template, status, resources, address. */
export function ApplicationCard({ deployment: d }: { deployment: Deployment }) {
  const titleId = `application-${d.id}`;
  const { tone, label } = listStatusView(d.statut_deploiement);
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 truncate text-lg font-semibold">
          <Link to={`/deployment/${d.id}`} className="hover:text-blue-600 hover:underline">
            {d.nom}
          </Link>
        </h3>
        <Badge tone={tone}>
          {tone === 'yellow' && (
            <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
          )}
          {label}
        </Badge>
      </div>
      <div className="min-w-0 space-y-1">
        <Badge tone="blue">{d.template_name}</Badge>
        {/* A code application's image is an internal nuage-builds/<id>: its page names the
            repository and version instead. */}
        {d.image_registry_url && !buildsFromGit(d) && (
          <p
            className="truncate font-mono text-xs text-slate-500 dark:text-slate-400"
            title={`${d.image_registry_url}${d.image_tag ? `:${d.image_tag}` : ''}`}
          >
            {d.image_registry_url}
            {d.image_tag ? `:${d.image_tag}` : ''}
          </p>
        )}
      </div>
      {tone === 'red' && d.status_reason && (
        <p className="text-sm text-red-600 dark:text-red-400">{d.status_reason}</p>
      )}
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Metric label="CPU (cores)" value={formatNumber(d.cpu_requis)} />
        <Metric label="RAM (GB)" value={formatNumber(d.ram_requise)} />
        <Metric label="Instances" value={String(d.replicas)} />
      </dl>
      {d.application_url && (
        <a
          href={d.application_url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-w-0 items-center gap-1 text-sm text-blue-600 hover:underline dark:text-blue-400"
        >
          <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{d.application_url}</span>
        </a>
      )}
    </Card>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-1.5 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
