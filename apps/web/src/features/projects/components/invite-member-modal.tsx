import { zodResolver } from '@hookform/resolvers/zod';
import { projectRoles, roleLabels } from '@nuage/shared/roles';
import { inviteMemberSchema, type InviteMemberInput } from '@nuage/shared/schemas/projects';
import { useForm } from 'react-hook-form';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/toast';
import { useAddMember } from '../api/add-member';

const FORM_ID = 'invite-member-form';
const defaults: InviteMemberInput = { email_utilisateur_invite: '', role_projet: 'user' };

/**
 * Invites by e-mail: every address gets an invitation to accept (by the mailed link, or in the
 * app for an existing account); the answer never says whether the address has an account.
 */
export function InviteMemberModal({
  projectId,
  open,
  onOpenChange,
}: {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const addMutation = useAddMember();
  const form = useForm({ resolver: zodResolver(inviteMemberSchema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;

  const close = (next: boolean) => {
    if (isSubmitting) return;
    if (!next) form.reset(defaults);
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const result = await addMutation.mutateAsync({ projectId, data });
      notify.success(result.message);
    } catch {
      return; // the API client has shown the error toast
    }
    form.reset(defaults);
    onOpenChange(false);
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Inviter un membre"
      description="La personne reçoit une invitation par email, valable 7 jours ; si elle a déjà un compte, elle la retrouve aussi dans l’application. Elle rejoint le projet en l’acceptant."
      footer={
        <ModalFormActions
          formId={FORM_ID}
          submitLabel="Inviter"
          submittingLabel="Envoi..."
          submitting={isSubmitting}
          onCancel={() => close(false)}
        />
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Adresse email" error={errors.email_utilisateur_invite?.message}>
          <Input
            type="email"
            autoComplete="off"
            placeholder="collegue@entreprise.com"
            {...form.register('email_utilisateur_invite')}
          />
        </FormField>
        <FormField label="Rôle" error={errors.role_projet?.message}>
          <Select {...form.register('role_projet')}>
            {projectRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        </FormField>
        <ul className="space-y-1 text-xs text-slate-500 dark:text-slate-400">
          <li>
            <strong>{roleLabels.user}</strong> : consulte le projet et ses applications.
          </li>
          <li>
            <strong>{roleLabels.developer}</strong> : gère aussi les environnements et les
            déploiements.
          </li>
          <li>
            <strong>{roleLabels.admin}</strong> : modifie aussi le projet, ses quotas et ses
            membres.
          </li>
        </ul>
      </form>
    </Modal>
  );
}
