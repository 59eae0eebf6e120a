import { zodResolver } from '@hookform/resolvers/zod';
import { success } from '@nuage/shared/messages';
import { confirmEmailSchema, type UserProfile } from '@nuage/shared/schemas/users';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/lib/toast';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * A new address waits for the code mailed to it; until then the login e-mail is unchanged
 * (an address must prove it receives mail before it can be claimed).
 */
export function PendingEmailNotice({ user }: { user: UserProfile & { email_en_attente: string } }) {
  const confirm = useConfirmEmail();
  const cancel = useCancelEmailChange();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(confirmEmailSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync({ code });
    } catch {
      return; // the API client has shown why
    }
    notify.success(success.emailChanged);
  });

  return (
    <Notice tone="warning" title="Changement d’adresse email en attente" className="mt-4">
      <p>
        Un code à 6 chiffres a été envoyé à{' '}
        <strong className="break-all">{user.email_en_attente}</strong>. Votre adresse de connexion
        reste <strong className="break-all">{user.email}</strong> jusqu’à sa saisie.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-wrap items-end gap-2">
        <FormField
          label="Code de confirmation"
          error={form.formState.errors.code?.message}
          className="w-44"
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.register('code')}
          />
        </FormField>
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Vérification...">
          Confirmer
        </Button>
        <Button
          variant="ghost"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => notify.success(success.emailChangeCancelled),
            })
          }
        >
          Annuler le changement
        </Button>
      </form>
    </Notice>
  );
}
