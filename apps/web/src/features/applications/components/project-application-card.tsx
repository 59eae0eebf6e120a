import { deploymentTypeLabel, repositoryDisplay } from '@nuage/shared/deployment-type';
import { projectApplicationStatusView } from '@nuage/shared/status-display';
import { ExternalLink, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Deployment } from '@nuage/shared/api-types';
import { StatusBadge } from '@/components/status/status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';

const link = 'text-blue-600 hover:underline dark:text-blue-400';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0 text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 truncate text-right">{children}</dd>
    </div>
  );
}

/**
 * One application: type and repository by SPEC §4's rules, status with the project page's
 * labels, CPU, RAM, image, Helm version, domain link, deployed date; edit for developers.
 */
export function ProjectApplicationCard({
  app,
  canManage,
  onEdit,
}: {
  app: Deployment;
  canManage: boolean;
  onEdit(): void;
}) {
  const image = `${app.image_registry_url}:${app.image_tag}`;
  const typed = { type: app.template, image_url: image, repository_url: app.repo_url };
  const repo = repositoryDisplay(typed);
  const titleId = `app-${app.id}`;
  const domainUrl = app.nom_de_domaine ? `https://${app.nom_de_domaine}` : app.application_url;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col">
      <div className="flex-1 space-y-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="truncate font-semibold">
              <Link to={`/deployment/${app.id}`} className="hover:text-blue-600 hover:underline">
                {app.nom}
              </Link>
            </h3>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {deploymentTypeLabel(typed)}
            </p>
          </div>
          <StatusBadge view={projectApplicationStatusView(app.statut_deploiement)} />
        </div>
        <dl className="space-y-1 text-sm">
          <Row label="CPU">{formatNumber(app.cpu_requis)} cores</Row>
          <Row label="RAM">{formatNumber(app.ram_requise)} GB</Row>
          {repo.kind !== 'hidden' && (
            <Row label="Dépôt">
              {repo.kind === 'link' ? (
                <a href={repo.url} target="_blank" rel="noreferrer" className={link}>
                  {repo.url}
                </a>
              ) : repo.kind === 'text' ? (
                repo.text
              ) : (
                '—'
              )}
            </Row>
          )}
          <Row label="Image">
            <span className="font-mono text-xs" title={image}>
              {image}
            </span>
          </Row>
          <Row label="Version du modèle">{app.helm_chart_version}</Row>
          <Row label="Domaine">
            {domainUrl ? (
              <a
                href={domainUrl}
                target="_blank"
                rel="noreferrer"
                className={link}
                title={domainUrl}
              >
                <ExternalLink className="mr-1 inline size-3 align-[-1px]" aria-hidden="true" />
                {app.nom_de_domaine ?? domainUrl}
              </a>
            ) : (
              'Aucun'
            )}
          </Row>
          <Row label="Déployé le">
            {app.date_deploiement ? formatDate(app.date_deploiement) : 'Pas encore déployé'}
          </Row>
        </dl>
      </div>
      {canManage && (
        <div className="border-t border-slate-200 px-4 py-2 dark:border-slate-800">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Modifier ${app.nom}`}>
            <Pencil className="size-4" aria-hidden="true" /> Modifier
          </Button>
        </div>
      )}
    </Card>
  );
}
