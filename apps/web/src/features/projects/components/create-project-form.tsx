import { projectSuccess } from '@nuage/shared/messages';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { notify } from '@/lib/toast';
import { useCreateProject } from '../api/create-project';
import { ProjectFormFields, useProjectForm } from './project-form-fields';

const defaults = { nom: '', description: '', quota_cpu: 1, quota_ram: 2, quota_stockage: 10 };

/** The inline 'Nouveau projet' form of /projects. */
export function CreateProjectForm({ onClose }: { onClose(): void }) {
  const createMutation = useCreateProject();
  const form = useProjectForm(defaults);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createMutation.mutateAsync(values);
    } catch {
      return; // the API client has shown the error toast
    }
    notify.success(projectSuccess.projectCreated);
    form.reset(defaults);
    onClose();
  });

  return (
    <Card>
      <CardHeader
        title="Nouveau projet"
        description="Un projet regroupe vos environnements et vos applications, dans la limite de ses quotas."
      />
      <CardBody>
        <form onSubmit={onSubmit} noValidate aria-label="Nouveau projet" className="space-y-4">
          <ProjectFormFields form={form} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose} disabled={form.formState.isSubmitting}>
              Annuler
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Création...">
              Créer le projet
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
