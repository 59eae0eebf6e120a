import type { Environment } from '@nuage/shared/api-types';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getEnvironments(projectId: string, signal?: AbortSignal) {
  return api<Environment[]>(`/environments/${encodeURIComponent(projectId)}/environments`, {
    signal,
    errorMessage: operationsErrors.dataLoad,
  });
}

// Same key as the environments screen's: one cached list.
export const environmentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['environments', projectId],
    queryFn: ({ signal }) => getEnvironments(projectId, signal),
  });
