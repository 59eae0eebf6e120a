import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ProjectNotFound } from '@/components/not-found/not-found';
import { ProjectBreadcrumb } from '@/components/ui/breadcrumb';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { ChannelsCard } from '@/features/notifications/components/channels-card';
import { isNotFound, projectQueryOptions } from '@/lib/project-query';

/** /projects/{id}/notifications: the project's channels, for its admins (issue 27). */
export default function ProjectNotificationsRoute() {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQueryOptions(projectId));
  const name = project.data?.nom ?? 'Projet';

  let body;
  if (project.isPending) body = <PageSpinner />;
  else if (project.isError)
    body = isNotFound(project.error) ? (
      <ProjectNotFound />
    ) : (
      <LoadError message={project.error.message} onRetry={() => void project.refetch()} />
    );
  else if (!hasRole(project.data.role_projet, requiredRole.manageProject))
    body = (
      <Notice tone="info">
        Seuls les administrateurs du projet choisissent ses canaux de notification. Vos propres
        notifications sont sous la cloche, et vos préférences e-mail dans votre profil.
      </Notice>
    );
  else body = <ChannelsCard projectId={projectId} />;

  return (
    <div>
      <PageHeader
        breadcrumb={
          <ProjectBreadcrumb
            projectId={projectId}
            projectName={name}
            trail={[{ label: 'Notifications' }]}
          />
        }
        title="Notifications"
        description={`Où prévenir l’équipe de « ${name} » quand quelque chose arrive ou casse.`}
      />
      {body}
    </div>
  );
}
