import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiTokensQueryOptions } from './get-api-tokens';

export function revokeApiToken(id: string) {
  return api<{ message: string }>(`/users/me/tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    errorMessage: 'Erreur lors de la révocation du jeton',
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}
