import type { BuildSummary } from '@nuage/shared/build-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /builds/{id}: the first build of the application just deployed. */
export function getBuild(buildId: string, signal?: AbortSignal) {
  return api<BuildSummary>(`/builds/${encodeURIComponent(buildId)}`, { signal });
}

export const buildQueryOptions = (buildId: string) =>
  queryOptions({
    queryKey: ['builds', buildId],
    queryFn: ({ signal }) => getBuild(buildId, signal),
  });
