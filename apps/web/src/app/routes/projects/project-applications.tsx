import type { Deployment } from '@nuage/shared/api-types';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Boxes, Layers, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ProjectNotFound } from '@/components/not-found/not-found';
import type { QuotaErrorDetail } from '@/components/quota/quota-error';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { ProjectBreadcrumb } from '@/components/ui/breadcrumb';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { EditDeploymentModal } from '@/features/applications/components/edit-deployment-modal';
import { EnvironmentSection } from '@/features/applications/components/environment-section';
import { environmentsQueryOptions } from '@/features/environments/api/get-environments';
import { deploymentsQueryOptions } from '@/lib/deployments-query';
import { isNotFound, projectQueryOptions } from '@/lib/project-query';

/**
 * /project/{projectId}/applications: every application of the project, per environment.
 * Loaded per level as SPEC §7 describes (project and environments, then each environment's
 * applications in parallel).
 */
export default function ProjectApplicationsRoute() {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQueryOptions(projectId));
  const environments = useQuery({
    ...environmentsQueryOptions(projectId, operationsErrors.dataLoad),
    // This page lists applications: it does not watch an environment being prepared.
    refetchInterval: false,
    enabled: project.isSuccess,
  });
  const envs = (environments.data ?? []).filter((e) => e.status.status !== 'deleting');
  const deployments = useQueries({
    queries: envs.map((env) => deploymentsQueryOptions(env.id, operationsErrors.dataLoad)),
  });
  const [editing, setEditing] = useState<Deployment | null>(null);
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);

  if (project.isPending) return <PageSpinner />;
  if (project.isError) {
    if (isNotFound(project.error)) return <ProjectNotFound />;
    return <LoadError message={project.error.message} onRetry={() => void project.refetch()} />;
  }
  const canManage = hasRole(project.data.role_projet, requiredRole.manageApplications);
  const loadedAll = deployments.every((q) => q.isSuccess);
  const total = deployments.reduce((n, q) => n + (q.data?.length ?? 0), 0);

  return (
    <div className="space-y-6">
      <PageHeader
        breadcrumb={
          <ProjectBreadcrumb
            projectId={projectId}
            projectName={project.data.nom}
            trail={[{ label: 'Applications' }]}
          />
        }
        title="Applications du projet"
        description={
          environments.isSuccess && loadedAll
            ? `${total} application${total > 1 ? 's' : ''} au total dans ${project.data.nom}`
            : `Les applications de ${project.data.nom}`
        }
      />
      {environments.isPending ? (
        <PageSpinner />
      ) : environments.isError ? (
        <LoadError
          message={environments.error.message}
          onRetry={() => void environments.refetch()}
        />
      ) : envs.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="Aucun environnement"
          description="Ce projet n'a pas encore d'environnement : créez-en un pour y déployer des applications."
          action={
            <Link to={`/environments/${projectId}`} className={buttonClasses()}>
              Gérer les environnements
            </Link>
          }
        />
      ) : (
        <>
          {loadedAll && total === 0 && (
            <EmptyState
              icon={Boxes}
              title="Aucune application"
              description="Aucune application n'est encore déployée dans les environnements de ce projet."
              action={
                canManage && (
                  <Link to={`/deploy?environmentId=${envs[0]!.id}`} className={buttonClasses()}>
                    <Rocket className="size-4" aria-hidden="true" /> Déployer une application
                  </Link>
                )
              }
            />
          )}
          {envs.map((env, i) => (
            <EnvironmentSection
              key={env.id}
              environment={env}
              deployments={deployments[i]!}
              canManage={canManage}
              onEdit={setEditing}
            />
          ))}
        </>
      )}
      {editing && (
        <EditDeploymentModal
          deployment={editing}
          onClose={() => setEditing(null)}
          onQuotaExceeded={setQuota}
        />
      )}
      <QuotaExceededModal detail={quota} onClose={() => setQuota(null)} />
    </div>
  );
}
