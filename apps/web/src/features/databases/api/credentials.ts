import type { DatabaseCredentials } from '@nuage/shared/schemas/responses/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDatabases } from './databases-query';

/**
 * POST /databases/{id}/credentials/reveal: the password and connection string, after the
 * account password. Failures stay in the confirmation dialog (errorMessage: false).
 */
export function revealDatabaseCredentials(input: { id: string; motDePasse: string }) {
  return api<DatabaseCredentials>(`/databases/${encodeURIComponent(input.id)}/credentials/reveal`, {
    method: 'POST',
    body: { mot_de_passe: input.motDePasse },
    errorMessage: false,
  });
}

export function useRevealDatabaseCredentials() {
  return useMutation({ mutationFn: revealDatabaseCredentials });
}

/** POST /databases/{id}/credentials/regenerate: a new password, set in the server by the engine. */
export function regenerateDatabasePassword(input: { id: string; motDePasse: string }) {
  return api<{ message: string }>(
    `/databases/${encodeURIComponent(input.id)}/credentials/regenerate`,
    { method: 'POST', body: { mot_de_passe: input.motDePasse }, errorMessage: false },
  );
}

export function useRegenerateDatabasePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateDatabasePassword,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}
