import type { ApiToken } from '@nuage/shared/schemas/api-tokens';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getApiTokens(signal?: AbortSignal) {
  return api<ApiToken[]>('/users/me/tokens', {
    signal,
    errorMessage: 'Erreur lors du chargement des jetons',
  });
}

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'tokens'],
    queryFn: ({ signal }) => getApiTokens(signal),
  });
