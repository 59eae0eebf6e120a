import type { ApiToken, CreateApiTokenInput } from '@nuage/shared/schemas/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiTokensQueryOptions } from './get-api-tokens';

/** Creates a token; its secret is in this answer only. */
export function createApiToken(input: CreateApiTokenInput) {
  return api<{ message: string; token: string; jeton: ApiToken }>('/users/me/tokens', {
    method: 'POST',
    body: input,
    errorMessage: 'Erreur lors de la création du jeton',
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}
