import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST …/admin-password/reveal: the application's admin password, after the account password.
 * Failures (wrong password, too many tries) are shown inside the confirmation dialog.
 */
export function revealAdminPassword(input: { deploymentId: string; motDePasse: string }) {
  return api<{ mot_de_passe: string }>(
    `/deployments/deployment/${encodeURIComponent(input.deploymentId)}/admin-password/reveal`,
    {
      method: 'POST',
      body: { mot_de_passe: input.motDePasse },
      errorMessage: false,
    },
  );
}

export function useRevealAdminPassword() {
  return useMutation({ mutationFn: revealAdminPassword });
}
