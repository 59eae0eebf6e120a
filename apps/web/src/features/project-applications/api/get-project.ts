import type { Project } from '@nuage/shared/api-types';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** The project: its name for the breadcrumb, the caller's role for the edit action. */
export function getProject(projectId: string, signal?: AbortSignal) {
  return api<Project>(`/projects/${encodeURIComponent(projectId)}`, {
    signal,
    errorMessage: operationsErrors.load,
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

// Same key as the projects screens': one cached project.
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal),
    retry: (failures, error) => failures < 1 && !isNotFound(error),
  });
