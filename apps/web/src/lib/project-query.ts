import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

/** The signed-in user's projects, each with their role, usage and counts. */
export function getProjects(signal?: AbortSignal) {
  return api<Project[]>('/projects/', { signal, errorMessage: projectErrors.projectsLoad });
}

/** One cache entry for the list, whichever screen reads it (projects, wizard, certificates). */
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => getProjects(signal) });

/**
 * One project, read by every screen that shows it or needs the caller's role in it (project
 * detail, environments, applications, deployment detail): one cache entry for all of them.
 * `toast: false` for a screen whose own main query already reports failures.
 */
export function getProject(projectId: string, signal?: AbortSignal, toast = true) {
  return api<Project>(`/projects/${encodeURIComponent(projectId)}`, {
    signal,
    errorMessage: toast ? projectErrors.load : false,
  });
}

/** A missing project (404, also for non-members) is an answer, not a failure worth retrying. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const projectQueryOptions = (projectId: string, opts: { toast?: boolean } = {}) =>
  queryOptions({
    queryKey: ['projects', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal, opts.toast ?? true),
    retry: (failures, error) => failures < 1 && !isNotFound(error),
  });
