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

// Same key as the environments screen: one cached list per project.
export const environmentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['environments', projectId],
    queryFn: ({ signal }) => getEnvironments(projectId, signal),
  });
