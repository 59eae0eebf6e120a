import type { AdminAccess } from '@nuage/shared/admin-access';
import type { DomainStatus } from '@nuage/shared/api-types';
import type { AlerteRestauration } from '@nuage/shared/backup-types';
import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from './api-client';
import { deploymentQueryKey } from './deployment-cache-keys';
import { failureMessage } from './failure-message';
import { notify } from './toast';

/** Issue 13's additions to the detail: where a code application's source is, what serves. */
interface CodeSourceFields {
  source_kind: 'code' | 'template';
  git_token_id: string | null;
  build_args: Record<string, string>;
  port: number | null;
  current_release: { id: string; numero: number } | null;
  /** Why the last update did not go live while the previous version kept serving. */
  rollout_error: string | null;
  /** A new release is being rolled out: the page keeps reading until it serves or fails. */
  rollout_pending: boolean;
}

/**
 * GET /deployments/deployment/{id}, read by the application's page and shaped for the cards of
 * several features (applications, metrics, source…): one type and one cache entry for all.
 * The entity plus SPEC §3's server-side detail shape, and
 * issue 13's source fields (absent from servers before it: read as a template application).
 */
export interface DeploymentDetail extends DashboardApplication, Partial<CodeSourceFields> {
  application_name: string;
  cpu_required: number;
  ram_required: number;
  repository_url: string | null;
  created_at: string;
  updated_at: string;
  environment_id: string;
  domain: string | null;
  /** The custom domain awaits its proof of control, or is served (absent from older servers). */
  statut_domaine?: DomainStatus | null;
  certificat_tls_id: string | null;
  /** The domain's HTTPS certificate failed or expired, as a French sentence; null when fine. */
  alerte_certificat?: string | null;
  /** Created to receive a restore and still held: that restore running, or why it failed. */
  alerte_restauration?: AlerteRestauration | null;
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

export const deploymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deploymentQueryKey(id),
    queryFn: async ({ signal, client, queryKey }) => {
      try {
        return await getDeployment(id, signal);
      } catch (err) {
        // Left before the answer (navigation, React's dev double mount): nothing failed.
        if (signal.aborted) throw err;
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
