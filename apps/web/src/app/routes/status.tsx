import { operationsErrors, operationsSuccess } from '@nuage/shared/operations-messages';
import { useQuery } from '@tanstack/react-query';
import { Activity, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { ProjectStatusCard } from '@/features/status/components/project-status-card';
import { StatusTotals } from '@/features/status/components/status-totals';
import { dashboardQueryOptions } from '@/lib/dashboard-query';
import { notify } from '@/lib/toast';

/**
 * /status: totals and a card per project, environment and application, all from the one
 * GET /dashboard read (a few requests whatever the number of applications). 'Actualiser'
 * reads it again; each card's own button refreshes that card from its own endpoint.
 */
export default function StatusRoute() {
  const status = useQuery(dashboardQueryOptions(operationsErrors.statusUnavailable));

  const refreshAll = async () => {
    const result = await status.refetch();
    if (result.isSuccess) notify.success(operationsSuccess.statusRefreshed);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Status"
        description="L'état de vos projets, environnements et applications."
        actions={
          <Button
            variant="outline"
            onClick={refreshAll}
            loading={status.isFetching && !status.isPending}
            loadingText="Actualisation..."
          >
            <RefreshCw className="size-4" aria-hidden="true" /> Actualiser
          </Button>
        }
      />
      {status.isPending ? (
        <PageSpinner />
      ) : status.isError ? (
        <LoadError
          message={operationsErrors.statusUnavailable}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <div className="space-y-6" data-testid="status-ready">
          <StatusTotals projects={status.data.projects} />
          {status.data.projects.length === 0 ? (
            <EmptyState
              icon={Activity}
              title="Aucun projet"
              description="Créez un projet et déployez une application pour suivre son état ici."
              action={
                <Link to="/projects" className={buttonClasses()}>
                  Voir les projets
                </Link>
              }
            />
          ) : (
            status.data.projects.map((p) => <ProjectStatusCard key={p.id} project={p} />)
          )}
        </div>
      )}
    </div>
  );
}
