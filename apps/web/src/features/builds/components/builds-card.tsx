import type { BuildSummary } from '@nuage/shared/build-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { deploymentQueryKey, releasesQueryKey } from '@/lib/deployment-cache-keys';
import { buildsQueryOptions } from '../api/get-builds';
import { BuildItem, isActiveBuild } from './build-item';

/** While a build waits or runs, the list is read again this often (new position, new build). */
const ACTIVE_POLL_MS = 3000;

/** The application's builds, newest first, the running one with its live log. */
export function BuildsCard({
  deploymentId,
  canManage,
}: {
  deploymentId: string;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const builds = useQuery({
    ...buildsQueryOptions(deploymentId),
    refetchInterval: (q) => (q.state.data?.builds.some(isActiveBuild) ? ACTIVE_POLL_MS : false),
  });
  // A finished build may have made a release and changed what the application runs.
  const onEnd = (_build: BuildSummary) => {
    for (const queryKey of [
      buildsQueryOptions(deploymentId).queryKey,
      releasesQueryKey(deploymentId),
      deploymentQueryKey(deploymentId),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return (
    <Card role="region" aria-label="Builds">
      <CardHeader
        title="Builds"
        description={
          builds.data
            ? `${builds.data.total} build${builds.data.total > 1 ? 's' : ''} · le journal de chaque build est conservé.`
            : undefined
        }
      />
      {builds.isPending ? (
        <PageSpinner />
      ) : builds.isError ? (
        <div className="p-5">
          <LoadError message={builds.error.message} onRetry={() => void builds.refetch()} />
        </div>
      ) : builds.data.builds.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">
          Aucun build pour l'instant.
        </p>
      ) : (
        <ul aria-label="Builds" className="divide-y divide-slate-200 dark:divide-slate-800">
          {builds.data.builds.map((b) => (
            <BuildItem key={b.build_id} build={b} canManage={canManage} onEnd={onEnd} />
          ))}
        </ul>
      )}
    </Card>
  );
}
