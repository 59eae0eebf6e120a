import { operationsErrors, operationsSuccess } from '@nuage/shared/operations-messages';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { BackupFailures } from '@/features/dashboard/components/backup-failures';
import { CostsCard } from '@/features/dashboard/components/costs-card';
import { OverviewCard } from '@/features/dashboard/components/overview-card';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { UsageCard } from '@/features/dashboard/components/usage-card';
import { AccountMetricsCard } from '@/features/metrics/components/account-metrics-card';
import { useUser } from '@/lib/auth';
import { dashboardSummaryQueryOptions } from '@/lib/dashboard-query';
import { notify } from '@/lib/toast';

/**
 * /dashboard. Everything below the quick actions comes from one read, GET /dashboard/summary
 * (figures only, not the status page's tree), so the page costs the same few small requests
 * whatever the number of applications (not SPEC §7's per-level loading); the graphs' one read
 * follows once it has answered.
 */
export default function DashboardRoute() {
  const user = useUser();
  const dashboard = useQuery(dashboardSummaryQueryOptions(operationsErrors.dashboardLoad));

  const refresh = async () => {
    const result = await dashboard.refetch();
    if (result.isSuccess) notify.success(operationsSuccess.dashboardRefreshed);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Bienvenue, ${user.prenom} !`}
        description="Voici un aperçu de vos projets et de vos déploiements."
        actions={
          <Button
            variant="outline"
            onClick={refresh}
            loading={dashboard.isFetching && !dashboard.isPending}
            loadingText="Actualisation..."
          >
            <RefreshCw className="size-4" aria-hidden="true" /> Actualiser
          </Button>
        }
      />
      {dashboard.data && <BackupFailures failures={dashboard.data.sauvegardes_en_echec} />}
      <QuickActions />
      <div
        className="grid grid-cols-1 gap-6 lg:grid-cols-2"
        data-testid={dashboard.isSuccess ? 'dashboard-ready' : undefined}
      >
        <CostsCard
          costs={dashboard.data?.costs}
          loading={dashboard.isPending}
          error={dashboard.isError ? dashboard.error : null}
          onRetry={() => void dashboard.refetch()}
        />
        {dashboard.isPending ? (
          <div className="flex items-center justify-center py-10 text-blue-600">
            <Spinner />
          </div>
        ) : dashboard.isError ? (
          <LoadError
            message={operationsErrors.dashboardLoad}
            onRetry={() => void dashboard.refetch()}
          />
        ) : (
          <OverviewCard totals={dashboard.data.totals} />
        )}
      </div>
      {dashboard.data && <UsageCard usage={dashboard.data.usage} />}
      {dashboard.isSuccess && dashboard.data.totals.applications > 0 && <AccountMetricsCard />}
    </div>
  );
}
