import type { Deployment } from '@nuage/shared/api-types';
import type { DeployImageBody } from '@nuage/shared/schemas/image-deploy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { refreshAfterDeploy } from './deploy-application';

interface DeployImageVariables {
  environmentId: string;
  projectId: string;
  body: DeployImageBody;
}

/** POST deploy/image (issue 30); failures are the caller's (422 at fields, quota modal). */
export function deployImage({ environmentId, body }: DeployImageVariables) {
  return api<Deployment>(`/deployments/${encodeURIComponent(environmentId)}/deploy/image`, {
    method: 'POST',
    body,
    errorMessage: false,
  });
}

export function useDeployImage({ awaitLists }: { awaitLists: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployImage,
    onSuccess: (_app, target) => refreshAfterDeploy(queryClient, target, awaitLists),
  });
}
