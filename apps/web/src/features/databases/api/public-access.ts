import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { PublicAccessCa } from '@nuage/shared/schemas/database-public';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDatabases } from './databases-query';

/** PUT /databases/{id}/public-access: on with its allow-list, or off (administrators). */
export function setPublicAccess(input: {
  id: string;
  body: { actif: boolean; sources_autorisees?: string[] };
}) {
  return api<DatabaseResource>(`/databases/${encodeURIComponent(input.id)}/public-access`, {
    method: 'PUT',
    body: input.body,
    errorMessage: t.actionError,
  });
}

export function useSetPublicAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPublicAccess,
    onSuccess: () => invalidateDatabases(queryClient),
  });
}

/** GET /databases/{id}/public-access/ca, saved by the browser as a file. */
export async function downloadCa(id: string): Promise<void> {
  const ca = await api<PublicAccessCa>(`/databases/${encodeURIComponent(id)}/public-access/ca`, {
    errorMessage: t.actionError,
  });
  const url = URL.createObjectURL(
    new Blob([ca.certificat_pem], { type: 'application/x-pem-file' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = ca.nom_fichier;
  link.click();
  URL.revokeObjectURL(url);
}
