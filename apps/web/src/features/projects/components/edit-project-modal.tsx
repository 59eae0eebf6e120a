import type { Project } from '@nuage/shared/api-types';
import { projectSuccess } from '@nuage/shared/messages';
import { useState } from 'react';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUpdateProject } from '../api/update-project';
import { ProjectFormFields, useProjectForm } from './project-form-fields';

const FORM_ID = 'edit-project-form';

const valuesOf = (p: Project) => ({
  nom: p.nom,
  description: p.description ?? '',
  quota_cpu: p.quota_cpu,
  quota_ram: p.quota_ram,
  quota_stockage: p.quota_stockage,
});

/**
 * Name, description and quotas (admins). A quota below what is in use is refused (409).
 * Mounted only while open, so each opening starts from the project as it is now.
 */
export function EditProjectModal({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const updateMutation = useUpdateProject();
  const form = useProjectForm(valuesOf(project));
  const [refusal, setRefusal] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  const close = (next: boolean) => !isSubmitting && onOpenChange(next);

  const onSubmit = form.handleSubmit(async (data) => {
    setRefusal(null);
    try {
      await updateMutation.mutateAsync({ projectId: project.id, data });
    } catch (err) {
      // The toast has said it too; the reason stays beside the quotas while they are fixed.
      if (err instanceof ApiError && err.status === 409) setRefusal(err.message);
      return;
    }
    notify.success(projectSuccess.projectUpdated);
    onOpenChange(false);
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Modifier le projet"
      size="lg"
      footer={
        <ModalFormActions
          formId={FORM_ID}
          submitting={isSubmitting}
          onCancel={() => close(false)}
        />
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
        {refusal && <Notice tone="error">{refusal}</Notice>}
        <ProjectFormFields form={form} />
      </form>
    </Modal>
  );
}
