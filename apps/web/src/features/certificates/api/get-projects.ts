import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The caller's projects, each with the caller's role (who may manage which certificates). */
export function getProjects(signal?: AbortSignal) {
  return api<Project[]>('/projects/', { signal, errorMessage: projectErrors.projectsLoad });
}

// Same key as the projects feature's list: one cached copy.
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => getProjects(signal) });
