import type { EnvVarView as EnvVar } from '@nuage/shared/build-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EnvVarInput } from '@/lib/deploy-code';
import { releasesQueryKey } from '@/lib/deployment-cache-keys';
import { envVarsQueryKey } from './get-env-vars';

/**
 * PUT /deployments/{id}/env-vars: the whole list; an existing secret sent without `value`
 * keeps its value. A change rolls out a new release with the same image.
 */
export function updateEnvVars(deploymentId: string, vars: EnvVarInput[]) {
  return api<EnvVar[]>(`/deployments/${encodeURIComponent(deploymentId)}/env-vars`, {
    method: 'PUT',
    body: vars,
    // 422 details are shown at their rows by the editor.
    errorMessage: false,
  });
}

export function useUpdateEnvVars(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: EnvVarInput[]) => updateEnvVars(deploymentId, vars),
    onSuccess: (saved) => {
      queryClient.setQueryData(envVarsQueryKey(deploymentId), saved);
      return queryClient.invalidateQueries({ queryKey: releasesQueryKey(deploymentId) });
    },
  });
}
