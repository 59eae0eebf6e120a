import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
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
import { projectPagesQueryOptions } from '@/lib/project-query';

export default function ProjectsListRoute() {
  // A page at a time: an account with hundreds of projects loads the newest first.
  const projects = useInfiniteQuery(projectPagesQueryOptions());
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
      ) : projects.data.pages[0]!.pagination.total === 0 ? (
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
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {projects.data.pages.flatMap((page) =>
              page.projects.map((project) => <ProjectCard key={project.id} project={project} />),
            )}
          </div>
          <ProjectsMore
            shown={projects.data.pages.reduce((n, page) => n + page.projects.length, 0)}
            total={projects.data.pages.at(-1)!.pagination.total}
            hasMore={projects.hasNextPage}
            loading={projects.isFetchingNextPage}
            onMore={() => void projects.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}

/** How many of the projects are on screen, and the button for the next page while there is one. */
function ProjectsMore(props: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore(): void;
}) {
  if (!props.hasMore && props.shown >= props.total) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-400">
        {props.shown} projets affichés sur {props.total}
      </p>
      {props.hasMore && (
        <Button
          variant="outline"
          loading={props.loading}
          loadingText="Chargement..."
          onClick={props.onMore}
        >
          Charger plus
        </Button>
      )}
    </div>
  );
}
