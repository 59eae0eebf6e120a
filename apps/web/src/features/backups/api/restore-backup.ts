import type { Deployment } from '@nuage/shared/api-types';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RestoreRequest {
  deploymentId: string;
  backupId: string;
  /** Another application of the same template; absent: this one. */
  targetId?: string;
  /** « Dans une nouvelle application »: created in this environment with this name. */
  newApplication?: { environment_id: string; nom: string };
}

export const RESTORE_FAILED = 'La restauration n’a pas pu être lancée';

/** POST /deployments/{id}/backups/{backupId}/restore, confirmed by the user. */
export function restoreBackup(r: RestoreRequest) {
  return api<{ message: string; application?: Deployment; base_de_donnees?: DatabaseResource }>(
    `/deployments/${encodeURIComponent(r.deploymentId)}/backups/${encodeURIComponent(r.backupId)}/restore`,
    {
      method: 'POST',
      body: {
        confirmation: true,
        ...(r.targetId ? { application_cible_id: r.targetId } : {}),
        ...(r.newApplication ? { nouvelle_application: r.newApplication } : {}),
      },
      // The dialog says why: a quota refusal opens « Quota insuffisant », anything else a toast.
      errorMessage: false,
    },
  );
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['backups'] });
      // A new application joined its environment's lists.
      if (res.application) void queryClient.invalidateQueries({ queryKey: ['deployments'] });
      if (res.base_de_donnees) void queryClient.invalidateQueries({ queryKey: ['databases'] });
    },
  });
}
