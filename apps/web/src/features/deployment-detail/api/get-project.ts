import type { Project } from '@nuage/shared/api-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The application's project: the caller's role there decides which actions show. */
export function getProject(projectId: string, signal?: AbortSignal) {
  return api<Project>(`/projects/${encodeURIComponent(projectId)}`, {
    signal,
    errorMessage: false,
  });
}

// Same key as the projects screens': one cached project.
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal),
  });
