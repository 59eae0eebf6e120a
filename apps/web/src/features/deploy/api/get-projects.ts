import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The projects the user may deploy into (step 2), each with the caller's role. */
export function getProjects(signal?: AbortSignal) {
  return api<Project[]>('/projects/', { signal, errorMessage: projectErrors.projectsLoad });
}

// Same key as the projects screen: one cached list.
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => getProjects(signal) });
