import type { Environment } from '@nuage/shared/api-types';
import { environmentTypeLabels } from '@nuage/shared/schemas/environments';
import { environmentStatusView } from '@nuage/shared/status-display';
import { ArrowRight, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { EnvironmentPreviewBadge } from '@/components/previews/environment-preview-badge';
import { StatusBadge } from '@/components/status/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

/**
 * One environment: type, status, namespace (a pull request's preview says so); its deployments;
 * edit and delete for developers.
 */
export function EnvironmentCard({
  environment,
  canManage,
  onEdit,
  onDelete,
}: {
  environment: Environment;
  canManage: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const titleId = `environment-${environment.id}`;
  return (
    <Card className="flex min-w-0 flex-col" role="article" aria-labelledby={titleId}>
      <div className="flex-1 space-y-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 truncate text-lg font-semibold">
            {environment.nom}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <EnvironmentPreviewBadge preview={environment.apercu} />
            <Badge tone="blue">{environmentTypeLabels[environment.type]}</Badge>
          </div>
        </div>
        <StatusBadge view={environmentStatusView(environment.status)} />
        {environment.status.status === 'failed' && environment.status.message && (
          <p className="text-sm text-red-600 dark:text-red-400">{environment.status.message}</p>
        )}
        <dl className="space-y-1 text-sm">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Namespace</dt>
            <dd className="font-mono text-xs break-all">{environment.namespace_k8s_id}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-500 dark:text-slate-400">Applications :</dt>
            <dd>{environment.applications_count}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-500 dark:text-slate-400">Créé le :</dt>
            <dd>{formatDate(environment.date_creation)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        <Link to={`/deployments/${environment.id}`} className={buttonClasses('primary', 'sm')}>
          Gérer les déploiements <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        {canManage && (
          <div className="ml-auto flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={`Modifier l'environnement ${environment.nom}`}
            >
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
              onClick={onDelete}
              aria-label={`Supprimer l'environnement ${environment.nom}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
