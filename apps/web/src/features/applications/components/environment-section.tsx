import type { Environment } from '@nuage/shared/api-types';
import { environmentTypeLabels } from '@nuage/shared/schemas/environments';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Deployment } from '@nuage/shared/api-types';
import { EnvironmentPreviewBadge } from '@/components/previews/environment-preview-badge';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ProjectApplicationCard } from './project-application-card';

/** One environment's card, linking to /deployments/{id}, with its applications. */
export function EnvironmentSection({
  environment,
  deployments,
  canManage,
  onEdit,
}: {
  environment: Environment;
  deployments: UseQueryResult<Deployment[]>;
  canManage: boolean;
  onEdit(app: Deployment): void;
}) {
  const titleId = `env-${environment.id}`;
  const count = deployments.data?.length;
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="min-w-0 truncate text-lg font-semibold">
          {environment.nom}
        </h2>
        <Badge tone="blue">{environmentTypeLabels[environment.type] ?? environment.type}</Badge>
        <EnvironmentPreviewBadge preview={environment.apercu} />
        {count !== undefined && (
          <span className="text-sm text-slate-500 dark:text-slate-400">
            {count} application{count > 1 ? 's' : ''}
          </span>
        )}
        <Link
          to={`/deployments/${environment.id}`}
          className={`${buttonClasses('outline', 'sm')} ml-auto`}
        >
          Gérer les déploiements <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-4">
        {deployments.isPending ? (
          <Spinner />
        ) : deployments.isError ? (
          <LoadError
            message={deployments.error.message}
            onRetry={() => void deployments.refetch()}
          />
        ) : deployments.data.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Aucune application dans cet environnement.
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {deployments.data.map((app) => (
              <ProjectApplicationCard
                key={app.id}
                app={app}
                canManage={canManage}
                onEdit={() => onEdit(app)}
              />
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
