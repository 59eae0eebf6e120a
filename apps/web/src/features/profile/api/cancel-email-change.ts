import type { UserProfile } from '@nuage/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions, useSessionToken } from '@/lib/auth';

export function cancelEmailChange() {
  return api<UserProfile>('/users/me/pending-email', { method: 'DELETE' });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (profile) => queryClient.setQueryData(meQueryOptions(token).queryKey, profile),
  });
}
