import type { Environment } from '@nuage/shared/api-types';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** The environment named by ?environmentId=: it preselects itself and its project. */
export function getEnvironment(environmentId: string, signal?: AbortSignal) {
  // An unknown id is shown on the wizard itself (the user then picks one on step 2).
  return api<Environment>(`/environments/${encodeURIComponent(environmentId)}`, {
    signal,
    errorMessage: false,
  });
}

export const environmentQueryOptions = (environmentId: string) =>
  queryOptions({
    queryKey: ['environment', environmentId],
    queryFn: ({ signal }) => getEnvironment(environmentId, signal),
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
