import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ReauthInput {
  mot_de_passe: string;
  code: string;
}

/** Turns two-factor off: needs the password and a current code (or a recovery code). */
export function disableTwoFactor(input: ReauthInput) {
  return api<{ message: string }>('/users/me/2fa/disable', {
    method: 'POST',
    body: input,
    errorMessage: 'Erreur lors de la désactivation de la double authentification',
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
  });
}
