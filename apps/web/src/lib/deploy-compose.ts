import type { Deployment } from '@nuage/shared/api-types';
import type { DeployComposeBody } from '@nuage/shared/schemas/compose-deploy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { refreshAfterDeploy } from './deploy-application';

interface DeployComposeVariables {
  environmentId: string;
  projectId: string;
  body: DeployComposeBody;
}

/**
 * POST deploy/compose (issue 30 item 2); failures are the caller's (422 at fields, quota modal).
 * A file read from a Git repository (`depot_git`) answers its first build too, queued.
 */
export function deployCompose({ environmentId, body }: DeployComposeVariables) {
  return api<Deployment & { build_id?: string }>(
    `/deployments/${encodeURIComponent(environmentId)}/deploy/compose`,
    {
      method: 'POST',
      body,
      errorMessage: false,
    },
  );
}

export function useDeployCompose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployCompose,
    onSuccess: (_app, target) => refreshAfterDeploy(queryClient, target, true),
  });
}
