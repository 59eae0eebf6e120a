import type { UserProfile } from '@nuage/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions, useSessionToken } from '@/lib/auth';

export function confirmEmail(input: { code: string }) {
  return api<UserProfile>('/users/me/confirm-email', {
    method: 'POST',
    body: input,
    errorMessage: 'Code de confirmation invalide ou expiré.',
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: (profile) => queryClient.setQueryData(meQueryOptions(token).queryKey, profile),
  });
}
