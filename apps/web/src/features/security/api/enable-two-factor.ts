import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Confirms enrolment with a code from the app; answers the recovery codes (shown once). */
export function enableTwoFactor(code: string) {
  return api<{ message: string; codes_de_secours: string[] }>('/users/me/2fa/enable', {
    method: 'POST',
    body: { code },
    errorMessage: 'Erreur lors de l’activation de la double authentification',
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
  });
}
