import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** 'Déconnecter toutes les autres sessions': every session but this browser's. */
export function endOtherSessions() {
  return api<{ message: string }>('/users/me/sessions', {
    method: 'DELETE',
    errorMessage: 'Erreur lors de la déconnexion des autres sessions',
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
