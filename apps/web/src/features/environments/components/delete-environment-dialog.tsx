import type { Environment } from '@nuage/shared/api-types';
import { projectSuccess } from '@nuage/shared/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import { useDeleteEnvironment } from '../api/delete-environment';

/** SPEC §2: deleting asks first, and says it is irreversible and takes the applications. */
export function DeleteEnvironmentDialog({
  environment,
  onClose,
}: {
  environment: Environment;
  onClose(): void;
}) {
  const deleteMutation = useDeleteEnvironment();
  const confirm = () =>
    deleteMutation.mutate(
      { environmentId: environment.id, projectId: environment.projet_id },
      {
        onSuccess: () => {
          notify.success(projectSuccess.environmentDeleted);
          onClose();
        },
      },
    );
  const apps = environment.applications_count;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Supprimer l'environnement ?"
      confirmLabel="Supprimer l'environnement"
      onConfirm={confirm}
      pending={deleteMutation.isPending}
      pendingLabel="Suppression..."
    >
      <p>
        L'environnement <strong>« {environment.nom} »</strong> et toutes les applications qu'il
        contient
        {apps > 0 && ` (${apps} application${apps > 1 ? 's' : ''})`} seront définitivement
        supprimés.
      </p>
      <p className="font-medium text-red-600 dark:text-red-400">Cette action est irréversible.</p>
    </ConfirmDialog>
  );
}
