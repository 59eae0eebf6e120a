import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from './api-client';
import { deploymentQueryKey } from './deployment-cache-keys';
import { failureMessage } from './failure-message';
import { notify } from './toast';

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
