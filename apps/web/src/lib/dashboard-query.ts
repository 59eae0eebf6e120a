import type { DashboardResponse, DashboardSummaryResponse } from '@nuage/shared/dashboard-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** The status page's tree; also the prefix of the summary's key, so invalidating it reaches both. */
export const dashboardQueryKey = ['dashboard'] as const;
export const dashboardSummaryQueryKey = ['dashboard', 'summary'] as const;

/**
 * GET /dashboard: one aggregated read (projects, environments, applications with their ready
 * replicas, costs and trend) for the status page, whatever the number of applications.
 * `errorMessage` is the page's SPEC §8 default, used when the server gives no detail.
 */
export function getDashboard(errorMessage: string, signal?: AbortSignal) {
  return api<DashboardResponse>('/dashboard', { signal, errorMessage });
}

export const dashboardQueryOptions = (errorMessage: string) =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => getDashboard(errorMessage, signal),
  });

/** GET /dashboard/summary: the dashboard page's counts, usage bars, costs and failed backups. */
export const dashboardSummaryQueryOptions = (errorMessage: string) =>
  queryOptions({
    queryKey: dashboardSummaryQueryKey,
    queryFn: ({ signal }) =>
      api<DashboardSummaryResponse>('/dashboard/summary', { signal, errorMessage }),
  });
