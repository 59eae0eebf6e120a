import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const dashboardQueryKey = ['dashboard'] as const;

/**
 * GET /dashboard: one aggregated read (projects, environments, applications with their pods,
 * costs and trend) for the dashboard and status pages, whatever the number of applications.
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
