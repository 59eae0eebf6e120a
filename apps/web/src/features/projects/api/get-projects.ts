import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The signed-in user's projects, each with their role, usage and counts. */
export function getProjects(signal?: AbortSignal) {
  return api<Project[]>('/projects/', { signal, errorMessage: projectErrors.projectsLoad });
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => getProjects(signal) });
