import type { Deployment } from '@nuage/shared/api-types';
import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { deploymentsQueryKey } from './deployments-query';

interface DeployVariables {
  environmentId: string;
  projectId: string;
  body: DeployErpInput;
}

/**
 * POST /deployments/{envId}/deploy/erp (the wizard and the environment's inline form). Failures
 * are the caller's: a quota refusal opens the 'Quota insuffisant' modal instead of a toast
 * (SPEC §8).
 */
export function deployApplication({ environmentId, body }: DeployVariables) {
  return api<Deployment>(`/deployments/${encodeURIComponent(environmentId)}/deploy/erp`, {
    method: 'POST',
    body,
    errorMessage: false,
  });
}

/**
 * After a deploy (catalogue or code) the environment's list, its application count and the
 * project's usage all change. With `awaitLists` the mutation ends once they are read again (the
 * inline form shows the new application before its toast); without, it ends at once (the
 * wizard leaves 2 s later).
 */
export async function refreshAfterDeploy(
  queryClient: QueryClient,
  { environmentId, projectId }: { environmentId: string; projectId: string },
  awaitLists: boolean,
) {
  const refreshed = Promise.all([
    queryClient.invalidateQueries({ queryKey: deploymentsQueryKey(environmentId) }),
    queryClient.invalidateQueries({ queryKey: ['environments', projectId] }),
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
  ]);
  if (awaitLists) await refreshed;
}

export function useDeployApplication({ awaitLists }: { awaitLists: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployApplication,
    onSuccess: (_app, target) => refreshAfterDeploy(queryClient, target, awaitLists),
  });
}
