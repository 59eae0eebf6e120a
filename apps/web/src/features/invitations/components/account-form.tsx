import { zodResolver } from '@hookform/resolvers/zod';
import {
  invitationAccountFormSchema,
  type InvitationAccountForm,
} from '@nuage/shared/schemas/invitations';
import { useForm } from 'react-hook-form';
import { withPasswordMismatch } from '@/lib/password-match-resolver';
import { NewPasswordFields } from '@/components/account/new-password-fields';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const defaults: InvitationAccountForm = { prenom: '', nom: '', password: '', confirmPassword: '' };

/** The invitee has no account: first name, last name and a password create it (SPEC §5). */
export function AccountForm({
  email,
  onSubmit,
}: {
  email: string;
  /** Resolves when the account exists and the user has moved on; rejects after the toast. */
  onSubmit(values: InvitationAccountForm): Promise<unknown>;
}) {
  const form = useForm({
    resolver: withPasswordMismatch(zodResolver(invitationAccountFormSchema)),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // the API client has shown the error toast
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Créer mon compte" className="space-y-4">
      {/* Lets password managers file the new password under the invited address. */}
      <input type="hidden" name="email" autoComplete="username" value={email} readOnly />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Prénom" error={errors.prenom?.message}>
          <Input autoComplete="given-name" {...form.register('prenom')} />
        </FormField>
        <FormField label="Nom" error={errors.nom?.message}>
          <Input autoComplete="family-name" {...form.register('nom')} />
        </FormField>
      </div>
      <NewPasswordFields
        password={form.register('password', { deps: 'confirmPassword' })}
        confirmPassword={form.register('confirmPassword')}
        errors={errors}
      />
      <Button
        type="submit"
        className="w-full"
        loading={isSubmitting}
        loadingText="Création du compte..."
      >
        Créer mon compte et rejoindre le projet
      </Button>
    </form>
  );
}
