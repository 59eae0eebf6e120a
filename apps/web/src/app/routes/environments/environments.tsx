import type { Environment } from '@nuage/shared/api-types';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { Layers, Plus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ProjectNotFound } from '@/components/not-found/not-found';
import { ProjectBreadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { environmentsQueryOptions } from '@/features/environments/api/get-environments';
import { CreateEnvironmentCard } from '@/features/environments/components/create-environment-card';
import { DeleteEnvironmentDialog } from '@/features/environments/components/delete-environment-dialog';
import { EditEnvironmentModal } from '@/features/environments/components/edit-environment-modal';
import { EnvironmentCard } from '@/features/environments/components/environment-card';
import { isNotFound, projectQueryOptions } from '@/lib/project-query';

export default function EnvironmentsRoute() {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQueryOptions(projectId));
  // After the project: a missing project is one 'Projet non trouvé', not two failed calls.
  const environments = useQuery({
    ...environmentsQueryOptions(projectId),
    enabled: project.isSuccess,
  });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Environment | null>(null);
  const [deleting, setDeleting] = useState<Environment | null>(null);

  if (project.isPending) return <PageSpinner />;
  if (project.isError) {
    if (isNotFound(project.error))
      return (
        <ProjectNotFound description="Ce projet n'existe pas ou vous n'en êtes pas membre : ses environnements ne sont pas accessibles." />
      );
    return <LoadError message={project.error.message} onRetry={() => project.refetch()} />;
  }
  const canManage = hasRole(project.data.role_projet, requiredRole.manageEnvironments);
  const newButton = (label: string) => (
    <Button onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden="true" /> {label}
    </Button>
  );

  return (
    <div>
      <PageHeader
        breadcrumb={
          <ProjectBreadcrumb
            projectId={projectId}
            projectName={project.data.nom}
            trail={[{ label: 'Environnements' }]}
          />
        }
        title="Environnements"
        description={`Les environnements du projet ${project.data.nom} : développement, staging, pré-production, production.`}
        actions={canManage && !creating && newButton('Nouvel environnement')}
      />
      {canManage && creating && (
        <div className="mb-6">
          <CreateEnvironmentCard projectId={projectId} onClose={() => setCreating(false)} />
        </div>
      )}
      {environments.isPending ? (
        <PageSpinner />
      ) : environments.isError ? (
        <LoadError message={environments.error.message} onRetry={() => environments.refetch()} />
      ) : environments.data.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="Aucun environnement"
          description={
            canManage
              ? 'Créez un premier environnement pour y déployer vos applications.'
              : "Ce projet n'a pas encore d'environnement. Un développeur ou un administrateur du projet peut en créer."
          }
          action={canManage && !creating && newButton('Créer un environnement')}
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {environments.data.map((env) => (
            <EnvironmentCard
              key={env.id}
              environment={env}
              canManage={canManage}
              onEdit={() => setEditing(env)}
              onDelete={() => setDeleting(env)}
            />
          ))}
        </div>
      )}
      {editing && <EditEnvironmentModal environment={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteEnvironmentDialog environment={deleting} onClose={() => setDeleting(null)} />
      )}
    </div>
  );
}
