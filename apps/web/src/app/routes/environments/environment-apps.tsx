import { projectErrors } from '@nuage/shared/messages';
import { environmentTypeLabels } from '@nuage/shared/schemas/environments';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { Layers, Plus, Zap } from 'lucide-react';
import { composeFormTexts } from '@nuage/shared/messages/compose';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EnvironmentNotFound } from '@/components/not-found/not-found';
import { ProjectBreadcrumb } from '@/components/ui/breadcrumb';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { ApplicationsList } from '@/features/applications/components/applications-list';
import { DatabasesSection } from '@/features/databases/components/databases-section';
import { InlineDeployForm } from '@/features/deploy/components/inline-deploy-form';
import { ComposeDeployForm } from '@/features/deploy/components/compose-deploy-form';
import { environmentQueryOptions, isNotFound } from '@/features/environments/api/get-environment';
import { deploymentsQueryOptions } from '@/lib/deployments-query';
import { projectQueryOptions } from '@/lib/project-query';

/** /deployments/{environmentId}: the environment's applications and how to add one (SPEC §2). */
export default function EnvironmentAppsRoute() {
  const { environmentId = '' } = useParams();
  const environment = useQuery(environmentQueryOptions(environmentId));
  const projectId = environment.data?.projet_id ?? '';
  const project = useQuery({ ...projectQueryOptions(projectId), enabled: !!projectId });
  const deployments = useQuery({
    ...deploymentsQueryOptions(environmentId, projectErrors.load),
    enabled: environment.isSuccess,
  });
  const [deploying, setDeploying] = useState(false);
  // The wizard's « Docker Compose » leads here with ?compose=1: the form opens at once.
  const [search] = useSearchParams();
  const [composing, setComposing] = useState(search.get('compose') === '1');

  if (environment.isPending) return <PageSpinner />;
  if (environment.isError) {
    if (isNotFound(environment.error)) return <EnvironmentNotFound />;
    return <LoadError message={environment.error.message} onRetry={() => environment.refetch()} />;
  }
  const env = environment.data;
  const canDeploy =
    project.data !== undefined &&
    hasRole(project.data.role_projet, requiredRole.manageApplications);
  const newApplicationHref = `/deploy?environmentId=${encodeURIComponent(env.id)}`;

  return (
    <div>
      <PageHeader
        breadcrumb={
          <ProjectBreadcrumb
            projectId={env.projet_id}
            projectName={project.data?.nom ?? 'Projet'}
            trail={[
              { label: 'Environnements', to: `/environments/${env.projet_id}` },
              { label: env.nom },
            ]}
          />
        }
        title={env.nom}
        description={`Environnement ${environmentTypeLabels[env.type]}${project.data ? ` du projet ${project.data.nom}` : ''} : ses applications et leur état.`}
        actions={
          canDeploy && (
            <>
              {!deploying && (
                <Button variant="outline" onClick={() => setDeploying(true)}>
                  <Zap className="size-4" aria-hidden="true" /> Déploiement rapide
                </Button>
              )}
              {!composing && (
                <Button variant="outline" onClick={() => setComposing(true)}>
                  <Layers className="size-4" aria-hidden="true" /> {composeFormTexts.open}
                </Button>
              )}
              <Link to={newApplicationHref} className={buttonClasses('primary')}>
                <Plus className="size-4" aria-hidden="true" /> Nouvelle application
              </Link>
            </>
          )
        }
      />
      {canDeploy && deploying && (
        <div className="mb-6">
          <InlineDeployForm
            environmentId={env.id}
            projectId={env.projet_id}
            takenNames={deployments.data?.map((d) => d.nom) ?? []}
            onClose={() => setDeploying(false)}
          />
        </div>
      )}
      {canDeploy && composing && (
        <div className="mb-6">
          <ComposeDeployForm
            environmentId={env.id}
            projectId={env.projet_id}
            onClose={() => setComposing(false)}
          />
        </div>
      )}
      <section aria-labelledby="applications-title" className="space-y-4">
        <h2 id="applications-title" className="text-lg font-semibold">
          Applications{deployments.data ? ` (${deployments.data.length})` : ''}
        </h2>
        {deployments.isPending ? (
          <PageSpinner />
        ) : deployments.isError ? (
          <LoadError message={deployments.error.message} onRetry={() => deployments.refetch()} />
        ) : (
          <ApplicationsList
            deployments={deployments.data}
            newApplicationHref={canDeploy ? newApplicationHref : null}
          />
        )}
      </section>
      <DatabasesSection environmentId={env.id} canManage={canDeploy} />
    </div>
  );
}
