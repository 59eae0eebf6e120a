import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The created application (SPEC §3 "Deployment"): the wizard only needs to know it exists. */
export interface DeployedApplication {
  id: string;
  nom: string;
  statut_deploiement: string;
  environnement_id: string;
}

/**
 * POST /deployments/{envId}/deploy/erp. Failures are the caller's: a quota refusal opens the
 * 'Quota insuffisant' modal instead of a toast (SPEC §8).
 */
export function deployApplication({
  environmentId,
  body,
}: {
  environmentId: string;
  projectId: string;
  body: DeployErpInput;
}) {
  return api<DeployedApplication>(`/deployments/${encodeURIComponent(environmentId)}/deploy/erp`, {
    method: 'POST',
    body,
    errorMessage: false,
  });
}

export function useDeployApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployApplication,
    // The environment's list, its application count and the project's usage all change; the
    // wizard does not wait for them (it leaves for the environment page 2 s later).
    onSuccess: (_app, { environmentId, projectId }) => {
      void queryClient.invalidateQueries({ queryKey: ['deployments', environmentId] });
      void queryClient.invalidateQueries({ queryKey: ['environments', projectId] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
