import type { Environment } from '@nuage/shared/api-types';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** The environment of the page; 404 is the page's 'Environnement non trouvé', not a toast. */
export function getEnvironment(environmentId: string, signal?: AbortSignal) {
  return api<Environment>(`/environments/${encodeURIComponent(environmentId)}`, {
    signal,
    errorMessage: false,
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const environmentQueryOptions = (environmentId: string) =>
  queryOptions({
    queryKey: ['environment', environmentId],
    queryFn: ({ signal }) => getEnvironment(environmentId, signal),
    retry: (failures, error) => failures < 1 && !isNotFound(error),
  });
