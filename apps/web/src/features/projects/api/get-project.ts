import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export function getProject(projectId: string, signal?: AbortSignal) {
  return api<Project>(`/projects/${encodeURIComponent(projectId)}`, {
    signal,
    errorMessage: projectErrors.load,
  });
}

/** A missing project (404, also for non-members) is an answer, not a failure worth retrying. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal),
    retry: (failures, error) => failures < 1 && !isNotFound(error),
  });
