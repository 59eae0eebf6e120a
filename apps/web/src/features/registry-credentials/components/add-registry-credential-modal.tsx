import type { z } from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createRegistryCredentialSchema,
  type CreateRegistryCredentialInput,
} from '@nuage/shared/schemas/registry-credentials';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCreateRegistryCredential } from '@/lib/registry-credentials';

const FORM_ID = 'add-registry-credential-form';
const fields = ['registre', 'utilisateur', 'mot_de_passe'] as const;

/**
 * « Ajouter des identifiants »: the registry's host, a user and a password or token. Once
 * saved the password is never shown again, by this screen or the API.
 */
export function AddRegistryCredentialModal({
  projectId,
  onOpenChange,
}: {
  projectId: string;
  onOpenChange(open: boolean): void;
}) {
  const form = useForm<
    z.input<typeof createRegistryCredentialSchema>,
    unknown,
    CreateRegistryCredentialInput
  >({
    resolver: zodResolver(createRegistryCredentialSchema),
    defaultValues: { registre: '', utilisateur: '', mot_de_passe: '' },
  });
  const create = useCreateRegistryCredential(projectId);
  const { errors, isSubmitting } = form.formState;
  const close = (next: boolean) => !isSubmitting && onOpenChange(next);

  const submit = form.handleSubmit(async (data) => {
    try {
      await create.mutateAsync(data);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) return;
      let placed = false;
      for (const issue of err.issues) {
        const field = fields.find((f) => issue.loc.at(-1) === f);
        if (field) {
          form.setError(field, { type: 'server', message: issue.msg });
          placed = true;
        }
      }
      if (!placed) form.setError('root', { type: 'server', message: err.message });
      return;
    }
    notify.success(`Identifiants de « ${data.registre} » ajoutés.`);
    onOpenChange(false);
  });

  return (
    <Modal
      open
      onOpenChange={close}
      title="Ajouter des identifiants de registre"
      description="Pour déployer les images privées de ce registre."
      footer={
        <ModalFormActions
          formId={FORM_ID}
          submitLabel="Ajouter"
          submittingLabel="Ajout…"
          submitting={isSubmitting}
          onCancel={() => close(false)}
        />
      }
    >
      <form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {errors.root?.message && <Notice tone="error">{errors.root.message}</Notice>}
        <FormField
          label="Registre"
          error={errors.registre?.message}
          hint="Son nom d'hôte, avec le port s'il en a un : ghcr.io, registry.gitlab.com, docker.io…"
        >
          <Input autoComplete="off" placeholder="ghcr.io" {...form.register('registre')} />
        </FormField>
        <FormField label="Nom d'utilisateur" error={errors.utilisateur?.message}>
          <Input autoComplete="off" {...form.register('utilisateur')} />
        </FormField>
        <FormField
          label="Mot de passe ou jeton"
          error={errors.mot_de_passe?.message}
          hint="Un jeton en lecture seule suffit. Il est chiffré et ne sera plus jamais affiché."
        >
          <Input
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            {...form.register('mot_de_passe')}
          />
        </FormField>
      </form>
    </Modal>
  );
}
