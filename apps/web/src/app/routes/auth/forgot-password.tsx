import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '@nuage/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthLink } from '@/features/auth/components/auth-link';
import { ResetLinkSent } from '@/features/auth/components/reset-link-sent';

export default function ForgotPasswordRoute() {
  const requestMutation = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestMutation.mutateAsync({ email });
      setSentTo(email);
    } catch {
      // the API client has shown the error toast (limits included)
    }
  });

  return (
    <AuthLayout
      title="Mot de passe oublié"
      subtitle={
        sentTo
          ? undefined
          : 'Saisissez votre adresse email : nous vous enverrons un lien pour choisir un nouveau mot de passe.'
      }
      footer={
        <>
          Vous vous souvenez de votre mot de passe ? <AuthLink to="/login">Se connecter</AuthLink>
        </>
      }
    >
      {sentTo ? (
        <ResetLinkSent email={sentTo} onRetry={() => setSentTo(null)} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Adresse email" error={form.formState.errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder="vous@entreprise.com"
              {...form.register('email')}
            />
          </FormField>
          <Button
            type="submit"
            className="w-full"
            loading={form.formState.isSubmitting}
            loadingText="Envoi en cours..."
          >
            Envoyer le lien
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
