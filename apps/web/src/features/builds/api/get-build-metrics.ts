import type { BuildStatus } from '@nuage/shared/build-types';
import type { BuildMetrics } from '@nuage/shared/schemas/responses/build-metrics';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /builds/{id}/metrics: what the build used while it ran. */
export function getBuildMetrics(buildId: string, signal?: AbortSignal) {
  // Informative, like the applications' graphs: a failure says so in place, not in a toast.
  return api<BuildMetrics>(`/builds/${encodeURIComponent(buildId)}/metrics`, {
    signal,
    errorMessage: false,
  });
}

/**
 * Read again at the sampling's pace while the build runs (the status in the key: a build that
 * ends is read once more, then never again).
 */
export const buildMetricsQueryOptions = (buildId: string, status: BuildStatus) =>
  queryOptions({
    queryKey: ['builds', 'metrics', buildId, status],
    queryFn: ({ signal }) => getBuildMetrics(buildId, signal),
    refetchInterval: (q) =>
      status === 'running' ? Math.max(2000, (q.state.data?.interval_seconds ?? 3) * 1000) : false,
    retry: false,
  });
