import { zodResolver } from '@hookform/resolvers/zod';
import { success } from '@nuage/shared/messages';
import { registerFormSchema, type RegisterForm } from '@nuage/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/account/new-password-fields';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useRegister } from '@/features/auth/api/register';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthLink } from '@/features/auth/components/auth-link';
import { LegalLinks } from '@/features/auth/components/legal-links';
import { withPasswordMismatch } from '@/lib/password-match-resolver';
import { notify } from '@/lib/toast';

/** When the code was mailed: the verification screen counts the resend delay from it. */
const sentNow = () => Date.now();

export default function RegisterRoute() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const form = useForm<RegisterForm>({
    resolver: withPasswordMismatch(zodResolver(registerFormSchema)),
    defaultValues: { nom: '', prenom: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ nom, prenom, email, password }) => {
    try {
      await registerMutation.mutateAsync({ nom, prenom, email, mot_de_passe: password });
    } catch {
      return; // the API client has shown the error toast
    }
    notify.success(success.register);
    navigate('/verify-account', { state: { email, codeSentAt: sentNow() } });
  });

  return (
    <AuthLayout
      title="Créer un compte"
      subtitle="Déployez vos applications en quelques minutes."
      footer={
        <>
          Déjà un compte ? <AuthLink to="/login">Se connecter</AuthLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nom" error={errors.nom?.message}>
            <Input autoComplete="family-name" {...form.register('nom')} />
          </FormField>
          <FormField label="Prénom" error={errors.prenom?.message}>
            <Input autoComplete="given-name" {...form.register('prenom')} />
          </FormField>
        </div>
        <FormField label="Adresse email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="vous@entreprise.com"
            {...form.register('email')}
          />
        </FormField>
        <NewPasswordFields
          password={form.register('password', { deps: 'confirmPassword' })}
          confirmPassword={form.register('confirmPassword')}
          errors={errors}
        />
        <LegalLinks />
        <Button
          type="submit"
          className="w-full"
          loading={form.formState.isSubmitting}
          loadingText="Inscription..."
        >
          Créer mon compte
        </Button>
      </form>
    </AuthLayout>
  );
}
