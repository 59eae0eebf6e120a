import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The environment's project: its name for the breadcrumb, the caller's role for the actions. */
export function getProject(projectId: string, signal?: AbortSignal) {
  return api<Project>(`/projects/${encodeURIComponent(projectId)}`, {
    signal,
    errorMessage: projectErrors.load,
  });
}

// Same key as the projects and environments screens: one cached project.
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal),
  });
