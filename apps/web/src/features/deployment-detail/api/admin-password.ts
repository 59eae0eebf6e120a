import { adminAccessTexts } from '@nuage/shared/admin-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateDeployment } from '@/components/deployment-edit/update-deployment';
import { api } from '@/lib/api-client';

const base = (id: string) => `/deployments/deployment/${encodeURIComponent(id)}/admin-password`;

/**
 * POST …/admin-password/reveal: the application's admin password, after the account password.
 * Failures (wrong password, too many tries) are shown inside the confirmation dialog.
 */
export function revealAdminPassword(input: { deploymentId: string; motDePasse: string }) {
  return api<{ mot_de_passe: string }>(`${base(input.deploymentId)}/reveal`, {
    method: 'POST',
    body: { mot_de_passe: input.motDePasse },
    errorMessage: false,
  });
}

export function useRevealAdminPassword() {
  return useMutation({ mutationFn: revealAdminPassword });
}

/** POST …/admin-password/regenerate: a new password, applied in the application by the engine. */
export function regenerateAdminPassword(input: { deploymentId: string; motDePasse: string }) {
  return api<{ message: string }>(`${base(input.deploymentId)}/regenerate`, {
    method: 'POST',
    body: { mot_de_passe: input.motDePasse },
    errorMessage: false,
  });
}

export function useRegenerateAdminPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateAdminPassword,
    onSuccess: () => invalidateDeployment(queryClient),
  });
}

export const regeneratedMessage = adminAccessTexts.regenerated;
