import type { ActiveSession } from '@nuage/shared/session-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getSessions(signal?: AbortSignal) {
  return api<ActiveSession[]>('/users/me/sessions', {
    signal,
    errorMessage: 'Erreur lors du chargement des sessions',
  });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'sessions'],
    queryFn: ({ signal }) => getSessions(signal),
  });
