import type { TwoFactorSetup } from '@nuage/shared/schemas/two-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A new secret and its QR code, shown once while enrolling. */
export function startTwoFactor() {
  return api<TwoFactorSetup>('/users/me/2fa/setup', {
    method: 'POST',
    errorMessage: 'Erreur lors de la préparation de la double authentification',
  });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
