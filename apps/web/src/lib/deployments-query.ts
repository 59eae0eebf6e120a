import type { Deployment } from '@nuage/shared/api-types';
import { isSettledStatus } from '@nuage/shared/status-display';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** While an application is starting, changing or being removed, the list refreshes itself. */
export const UNSETTLED_REFRESH_MS = 3000;

/** The cache key of an environment's applications; deploys and edits invalidate it. */
export const deploymentsQueryKey = (environmentId: string) => ['deployments', environmentId];

/**
 * GET /deployments/{envId}/deployments, one cache entry per environment for every screen that
 * lists its applications (environment page, project applications page); each names the toast
 * its failure shows.
 */
export const deploymentsQueryOptions = (environmentId: string, errorMessage: string) =>
  queryOptions({
    queryKey: deploymentsQueryKey(environmentId),
    queryFn: ({ signal }) =>
      api<Deployment[]>(`/deployments/${encodeURIComponent(environmentId)}/deployments`, {
        signal,
        errorMessage,
      }),
    refetchInterval: (query) =>
      query.state.data?.some((d) => !isSettledStatus(d.statut_deploiement))
        ? UNSETTLED_REFRESH_MS
        : false,
  });
