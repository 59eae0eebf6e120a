import type { Environment } from '@nuage/shared/api-types';
import { projectSuccess } from '@nuage/shared/messages';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/toast';
import { useUpdateEnvironment } from '../api/update-environment';
import { EnvironmentForm } from './environment-form';

/** Renames or retypes an environment (mounted while open: it starts from the current values). */
export function EditEnvironmentModal({
  environment,
  onClose,
}: {
  environment: Environment;
  onClose(): void;
}) {
  const updateMutation = useUpdateEnvironment();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !updateMutation.isPending && onClose()}
      title="Modifier l'environnement"
      description={environment.nom}
    >
      <EnvironmentForm
        label="Modifier l'environnement"
        defaultValues={{ nom: environment.nom, type: environment.type }}
        submitLabel="Enregistrer"
        submittingLabel="Enregistrement..."
        onCancel={onClose}
        onSubmit={async (data) => {
          await updateMutation.mutateAsync({ environmentId: environment.id, data });
          notify.success(projectSuccess.environmentUpdated);
          onClose();
        }}
      />
    </Modal>
  );
}
