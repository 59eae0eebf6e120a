import type { Project, ProjectPage } from '@nuage/shared/api-types';
import { projectListLimits } from '@nuage/shared/account-limits';
import { projectErrors } from '@nuage/shared/messages';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

/** One page of the signed-in user's projects, newest first, each with role, usage and counts. */
export function getProjectPage(
  page: { offset: number; limit: number },
  signal?: AbortSignal,
  errorMessage: string | false = projectErrors.projectsLoad,
) {
  return api<ProjectPage>('/projects/', { signal, query: page, errorMessage });
}

/**
 * All of them, for the screens that choose among them (wizard, certificates, token form): pages
 * of the largest size until the last; one request for any account of up to 100 projects.
 */
export async function getAllProjects(signal?: AbortSignal) {
  const all: Project[] = [];
  for (;;) {
    const page = await getProjectPage({ offset: all.length, limit: projectListLimits.max }, signal);
    all.push(...page.projects);
    if (!page.pagination.has_more || page.projects.length === 0) return all;
  }
}

/** One cache entry for the whole list, whichever screen chooses among it. */
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => getAllProjects(signal) });

/** The projects page's list, a page at a time ('Charger plus'), as the audit log's. */
export const projectPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['projects', 'pages'],
    queryFn: ({ pageParam, signal }) =>
      getProjectPage({ offset: pageParam, limit: projectListLimits.pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.pagination.has_more ? pages.reduce((n, p) => n + p.projects.length, 0) : undefined,
  });

/**
 * After a project is created, changed, left or deleted: both lists (not each project's own
 * entries, ['projects', id, …], which their screens refresh themselves).
 */
export function invalidateProjectLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: projectPagesQueryOptions().queryKey, exact: true }),
  ]);
}

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
