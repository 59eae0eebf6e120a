import type { EnvVarView as EnvVar } from '@nuage/shared/build-types';
import { codeAppErrors } from '@nuage/shared/code-app-texts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /deployments/{id}/env-vars: a secret's value is null (never sent back). */
export function getEnvVars(deploymentId: string, signal?: AbortSignal) {
  return api<EnvVar[]>(`/deployments/${encodeURIComponent(deploymentId)}/env-vars`, {
    signal,
    errorMessage: codeAppErrors.envVarsLoad,
  });
}

export const envVarsQueryKey = (deploymentId: string) => ['env-vars', deploymentId];

export const envVarsQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: envVarsQueryKey(deploymentId),
    queryFn: ({ signal }) => getEnvVars(deploymentId, signal),
  });
