import { projectSuccess } from '@nuage/shared/messages';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { notify } from '@/lib/toast';
import { useCreateEnvironment } from '../api/create-environment';
import { EnvironmentForm } from './environment-form';

/** The inline creation form of /environments/{projectId}. */
export function CreateEnvironmentCard({
  projectId,
  onClose,
}: {
  projectId: string;
  onClose(): void;
}) {
  const createMutation = useCreateEnvironment();
  return (
    <Card>
      <CardHeader
        title="Nouvel environnement"
        description="Chaque environnement a son propre espace d'exécution (namespace) pour ses applications."
      />
      <CardBody>
        <EnvironmentForm
          label="Nouvel environnement"
          submitLabel="Créer l'environnement"
          submittingLabel="Création..."
          onCancel={onClose}
          onSubmit={async (data) => {
            await createMutation.mutateAsync({ projectId, data });
            notify.success(projectSuccess.environmentCreated);
            onClose();
          }}
        />
      </CardBody>
    </Card>
  );
}
