import { useQuery } from '@tanstack/react-query';
import { FolderPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { billingQueryOptions, projectAllowance } from '@/features/billing/api/get-billing';
import {
  ProjectAllowanceLine,
  ProjectLimitNotice,
} from '@/features/billing/components/project-allowance';
import { CreateProjectForm } from '@/features/projects/components/create-project-form';
import { PendingInvitations } from '@/features/projects/components/pending-invitations';
import { ProjectCard } from '@/features/projects/components/project-card';
import { projectsQueryOptions } from '@/lib/project-query';

export default function ProjectsListRoute() {
  const projects = useQuery(projectsQueryOptions());
  const [creating, setCreating] = useState(false);
  // The plan's limit, from the API that enforces it; until it is known the form opens (the API
  // still refuses a project too many).
  const bill = useQuery(billingQueryOptions({ toast: false }));
  const allowance = bill.data ? projectAllowance(bill.data) : null;
  const limitReached =
    allowance?.reached && allowance.limit !== null
      ? { ...allowance, limit: allowance.limit }
      : null;

  return (
    <div>
      <PageHeader
        title="Projets"
        description={
          <>
            Vos projets, leurs quotas de ressources et leurs membres.
            {allowance && (
              <>
                {' '}
                <ProjectAllowanceLine allowance={allowance} />
              </>
            )}
          </>
        }
        actions={
          !creating && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> Nouveau projet
            </Button>
          )
        }
      />
      {creating && (
        <div className="mb-6">
          {limitReached ? (
            <ProjectLimitNotice allowance={limitReached} onClose={() => setCreating(false)} />
          ) : (
            <CreateProjectForm onClose={() => setCreating(false)} />
          )}
        </div>
      )}
      <PendingInvitations />
      {projects.isPending ? (
        <PageSpinner />
      ) : projects.isError ? (
        <LoadError message={projects.error.message} onRetry={() => projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <EmptyState
          icon={FolderPlus}
          title="Aucun projet"
          description="Créez votre premier projet pour y ajouter des environnements et déployer vos applications."
          action={
            !creating && (
              <Button onClick={() => setCreating(true)}>
                <Plus className="size-4" aria-hidden="true" /> Créer un projet
              </Button>
            )
          }
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {projects.data.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </div>
      )}
    </div>
  );
}
