import type { DeployCodeResult } from '@nuage/shared/schemas/responses/deployments';
import type { DeployCodeBody } from '@nuage/shared/schemas/deployments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { refreshAfterDeploy } from './deploy-application';

/** A variable as sent (deploy/code, PUT env-vars): an existing secret sent without `value` keeps it. */
export interface EnvVarInput {
  name: string;
  value?: string;
  secret: boolean;
}

interface DeployCodeVariables {
  environmentId: string;
  projectId: string;
  body: DeployCodeBody;
}

/** Failures are the caller's: 422 details go to their fields, a quota refusal to its modal. */
export function deployCode({ environmentId, body }: DeployCodeVariables) {
  return api<DeployCodeResult>(`/deployments/${encodeURIComponent(environmentId)}/deploy/code`, {
    method: 'POST',
    body,
    errorMessage: false,
  });
}

export function useDeployCode({ awaitLists }: { awaitLists: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployCode,
    onSuccess: (_app, target) => refreshAfterDeploy(queryClient, target, awaitLists),
  });
}
