import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** Ends one session (that browser is signed out on its next call). */
export function endSession(id: string) {
  return api<{ message: string }>(`/users/me/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    errorMessage: 'Erreur lors de la déconnexion de la session',
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
