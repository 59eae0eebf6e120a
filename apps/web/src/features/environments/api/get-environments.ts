import type { Environment } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getEnvironments(
  projectId: string,
  signal?: AbortSignal,
  errorMessage: string = projectErrors.environmentsLoad,
) {
  return api<Environment[]>(`/environments/${encodeURIComponent(projectId)}/environments`, {
    signal,
    errorMessage,
  });
}

/** While an environment is being prepared, the list refreshes itself to show when it is ready. */
const PENDING_REFRESH_MS = 10_000;

/**
 * One cached list per project, whichever page reads it; each page names the toast its failure
 * shows (the environments page its own, the applications page the generic one).
 */
export const environmentsQueryOptions = (
  projectId: string,
  errorMessage: string = projectErrors.environmentsLoad,
) =>
  queryOptions({
    queryKey: ['environments', projectId],
    queryFn: ({ signal }) => getEnvironments(projectId, signal, errorMessage),
    refetchInterval: (query) =>
      query.state.data?.some((env) => env.status.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
