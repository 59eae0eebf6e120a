import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { readyReplicas } from '@nuage/shared/status-display';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { api, ApiError } from '@/lib/api-client';

/** GET /deployments/deployment/{id}: the application's detail. */
export function getDeploymentDetail(id: string) {
  return api<DeploymentDetail>(`/deployments/deployment/${encodeURIComponent(id)}`, {
    errorMessage: false,
  });
}

/** Gone since the page loaded (deleted, or no longer visible to the caller). */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** What the dashboard's read lists of an application, taken from its detail. */
export function dashboardApplicationOf(detail: DeploymentDetail): DashboardApplication {
  return {
    id: detail.id,
    nom: detail.nom,
    template: detail.template,
    image_url: detail.image_url,
    statut_deploiement: detail.statut_deploiement,
    replicas: detail.replicas,
    cpu_requis: detail.cpu_requis,
    ram_requise: detail.ram_requise,
    replicas_pretes: readyReplicas(detail.pods_status),
  };
}

/** The application as the dashboard lists it, or null when it is gone. */
export async function detailOrNull(id: string): Promise<DashboardApplication | null> {
  try {
    return dashboardApplicationOf(await getDeploymentDetail(id));
  } catch (err) {
    if (isGone(err)) return null;
    throw err;
  }
}
