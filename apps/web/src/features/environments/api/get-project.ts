import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** The project the environments belong to (its name for the breadcrumb, the caller's role). */
export function getProject(projectId: string, signal?: AbortSignal) {
  return api<Project>(`/projects/${encodeURIComponent(projectId)}`, {
    signal,
    errorMessage: projectErrors.load,
  });
}

/** 404: no such project, or the caller is not a member. Not worth a retry. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

// Same key as the projects feature's: both read one cached project.
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal),
    retry: (failures, error) => failures < 1 && !isNotFound(error),
  });
