import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReauthInput } from './disable-two-factor';

/** New recovery codes (the old ones stop working); needs the password and a current code. */
export function regenerateRecoveryCodes(input: ReauthInput) {
  return api<{ message: string; codes_de_secours: string[] }>('/users/me/2fa/recovery-codes', {
    method: 'POST',
    body: input,
    errorMessage: 'Erreur lors de la génération des codes de secours',
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'me', '2fa'] }),
  });
}
