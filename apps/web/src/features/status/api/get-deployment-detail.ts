import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { api, ApiError } from '@/lib/api-client';

/** GET /deployments/deployment/{id}: the detail shape the dashboard read also carries. */
export function getDeploymentDetail(id: string) {
  return api<DashboardApplication>(`/deployments/deployment/${encodeURIComponent(id)}`, {
    errorMessage: false,
  });
}

/** Gone since the page loaded (deleted, or no longer visible to the caller). */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The detail, or null when it is gone. */
export async function detailOrNull(id: string): Promise<DashboardApplication | null> {
  try {
    return await getDeploymentDetail(id);
  } catch (err) {
    if (isGone(err)) return null;
    throw err;
  }
}
