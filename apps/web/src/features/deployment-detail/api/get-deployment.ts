import type { AdminAccess } from '@nuage/shared/admin-access';
import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { failureMessage } from '@/components/failure-message';
import { api, ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';

/** GET /deployments/deployment/{id}: the entity plus SPEC §3's server-side detail shape. */
export interface DeploymentDetail extends DashboardApplication {
  application_name: string;
  cpu_required: number;
  ram_required: number;
  repository_url: string | null;
  created_at: string;
  updated_at: string;
  environment_id: string;
  domain: string | null;
  certificat_tls_id: string | null;
  git_branch: string | null;
  admin_email: string | null;
  acces_admin: AdminAccess;
  base_de_donnees: { engine: string; database: string; user: string } | null;
  events: { at: string; message: string }[];
  deployment_sync: { status: { summary: { images: string[] } } };
}

export function getDeployment(id: string, signal?: AbortSignal) {
  return api<DeploymentDetail>(`/deployments/deployment/${encodeURIComponent(id)}`, {
    signal,
    errorMessage: false,
  });
}

/** 404: no such application, it was deleted, or the caller is not a member. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const deploymentQueryKey = (id: string) => ['deployments', 'detail', id] as const;

export const deploymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deploymentQueryKey(id),
    queryFn: async ({ signal, client, queryKey }) => {
      try {
        return await getDeployment(id, signal);
      } catch (err) {
        // The page polls: only a first load that fails is worth a toast (a 404 shows its own state).
        const message = failureMessage(err, operationsErrors.dataLoad);
        if (message && !isNotFound(err) && client.getQueryData(queryKey) === undefined) {
          notify.error(message);
        }
        throw err;
      }
    },
    retry: (failures, error) => failures < 1 && !isNotFound(error),
  });
