import type { Environment } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getEnvironments(projectId: string, signal?: AbortSignal) {
  return api<Environment[]>(`/environments/${encodeURIComponent(projectId)}/environments`, {
    signal,
    errorMessage: projectErrors.environmentsLoad,
  });
}

/** While an environment is being prepared, the list refreshes itself to show when it is ready. */
const PENDING_REFRESH_MS = 10_000;

export const environmentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['environments', projectId],
    queryFn: ({ signal }) => getEnvironments(projectId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((env) => env.status.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
