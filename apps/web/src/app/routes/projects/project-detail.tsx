import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { BellRing, Pencil, ScrollText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ProjectNotFound } from '@/components/not-found/not-found';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { DeleteProjectDialog } from '@/features/projects/components/delete-project-dialog';
import { EditProjectModal } from '@/features/projects/components/edit-project-modal';
import { FinalBackupsCard } from '@/features/backups/components/final-backups-card';
import { environmentsQueryOptions } from '@/features/environments/api/get-environments';
import { GitTokensCard } from '@/features/projects/components/git-tokens-card';
import { RegistryCredentialsCard } from '@/features/registry-credentials/components/registry-credentials-card';
import { MembersCard } from '@/features/projects/components/members-card';
import { OpenInvitationsCard } from '@/features/projects/components/open-invitations-card';
import { ProjectInfoCard } from '@/features/projects/components/project-info-card';
import { ProjectCostsCard } from '@/features/projects/components/project-costs-card';
import { QuotasCard } from '@/features/projects/components/quotas-card';
import { ShortcutTiles } from '@/features/projects/components/shortcut-tiles';
import { StatusPageCard } from '@/features/uptime/components/status-page-card';
import { isNotFound, projectQueryOptions } from '@/lib/project-query';

export default function ProjectDetailRoute() {
  const { projectId = '' } = useParams();
  const query = useQuery(projectQueryOptions(projectId));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (isNotFound(query.error)) return <ProjectNotFound />;
    return <LoadError message={query.error.message} onRetry={() => query.refetch()} />;
  }
  const project = query.data;
  const isAdmin = hasRole(project.role_projet, requiredRole.manageProject);

  return (
    <div>
      <PageHeader
        breadcrumb={
          <Breadcrumb items={[{ label: 'Projets', to: '/projects' }, { label: project.nom }]} />
        }
        title={project.nom}
        description="Détails du projet"
        actions={
          isAdmin && (
            <>
              <Link
                to={`/projects/${project.id}/notifications`}
                className={buttonClasses('outline', 'md')}
              >
                <BellRing className="size-4" aria-hidden="true" /> Notifications
              </Link>
              <Link to={`/projects/${project.id}/audit`} className={buttonClasses('outline', 'md')}>
                <ScrollText className="size-4" aria-hidden="true" /> Journal d’audit
              </Link>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" /> Modifier
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                <Trash2 className="size-4" aria-hidden="true" /> Supprimer
              </Button>
            </>
          )
        }
      />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ProjectInfoCard project={project} />
          </div>
          <QuotasCard project={project} />
        </div>
        <ProjectCostsCard projectId={project.id} />
        <ShortcutTiles project={project} />
        <MembersCard project={project} />
        <GitTokensCard projectId={project.id} role={project.role_projet} />
        <RegistryCredentialsCard projectId={project.id} role={project.role_projet} />
        <StatusPageCard projectId={project.id} isAdmin={isAdmin} />
        <FinalBackupsCard
          projectId={project.id}
          role={project.role_projet}
          environmentsQuery={environmentsQueryOptions(project.id)}
        />
        {isAdmin && <OpenInvitationsCard projectId={project.id} />}
      </div>
      {isAdmin && editing && <EditProjectModal project={project} open onOpenChange={setEditing} />}
      {isAdmin && (
        <DeleteProjectDialog project={project} open={deleting} onOpenChange={setDeleting} />
      )}
    </div>
  );
}
