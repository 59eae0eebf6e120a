import { zodResolver } from '@hookform/resolvers/zod';
import { auth } from '@nuage/shared/limits';
import { errors, success } from '@nuage/shared/messages';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@nuage/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthLink } from '@/features/auth/components/auth-link';
import { PasswordRules } from '@/features/auth/components/password-rules';
import { ApiError } from '@/lib/api-client';
import { withPasswordMismatch } from '@/lib/password-match-resolver';
import { carryToastsToNextPage, notify } from '@/lib/toast';

/** SPEC §9: after a refused link (HTTP 400), back to /forgot-password after 3 s. */
const REDIRECT_AFTER_REFUSAL_MS = 3000;

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  // Read once: the link's secret then leaves the address bar (and the browser history).
  const [{ token, email }] = useState(() => ({
    token: params.get('token'),
    email: params.get('email'),
  }));
  useEffect(() => {
    if (window.location.search)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  if (!token || !email) return <InvalidLink />;
  return <ResetPasswordScreen token={token} email={email} />;
}

/** A link without its token or e-mail: say so once, then ask for a new link. */
function InvalidLink() {
  const navigate = useNavigate();
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    notify.error(errors.resetInvalidLink);
    navigate('/forgot-password', { replace: true });
  }, [navigate]);
  return null;
}

function ResetPasswordScreen({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const resetMutation = useResetPassword();
  const [refused, setRefused] = useState(false);
  const form = useForm<ResetPasswordForm>({
    resolver: withPasswordMismatch(zodResolver(resetPasswordFormSchema)),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors: fieldErrors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  useEffect(() => {
    if (!refused) return;
    const timer = setTimeout(() => {
      carryToastsToNextPage(); // the refusal's toast explains the redirect
      navigate('/forgot-password', { replace: true });
    }, REDIRECT_AFTER_REFUSAL_MS);
    return () => clearTimeout(timer);
  }, [refused, navigate]);

  const onSubmit = form.handleSubmit(async ({ password: nouveau_mot_de_passe }) => {
    try {
      await resetMutation.mutateAsync({ email, token, nouveau_mot_de_passe });
    } catch (err) {
      // The hook has shown the toast; a refused link cannot succeed later.
      if (err instanceof ApiError && err.status === 400) setRefused(true);
      return;
    }
    notify.success(success.passwordReset);
    navigate('/login', { replace: true, state: { message: success.passwordReset, email } });
  });

  return (
    <AuthLayout
      title="Nouveau mot de passe"
      subtitle={
        <>
          Choisissez un nouveau mot de passe pour{' '}
          <strong className="font-semibold break-words text-slate-900 dark:text-slate-100">
            {email}
          </strong>
          .
        </>
      }
      footer={
        <>
          Lien expiré ? <AuthLink to="/forgot-password">Demander un nouveau lien</AuthLink>
        </>
      }
    >
      {refused ? (
        <Notice tone="error" title={errors.resetInvalidToken} className="mb-4">
          Redirection vers la demande d’un nouveau lien…
        </Notice>
      ) : (
        <Notice tone="info" className="mb-4">
          Ce lien ne peut servir qu’une seule fois et reste valable {auth.resetLinkTtlMinutes}{' '}
          minutes après la demande.
        </Notice>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" autoComplete="username" value={email} readOnly />
        <FormField label="Nouveau mot de passe" error={fieldErrors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            disabled={refused}
            {...form.register('password', { deps: 'confirmPassword' })}
          />
        </FormField>
        <PasswordRules password={password} />
        <FormField label="Confirmer le mot de passe" error={fieldErrors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            disabled={refused}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button
          type="submit"
          className="w-full"
          disabled={refused}
          loading={form.formState.isSubmitting}
          loadingText="Réinitialisation..."
        >
          Réinitialiser le mot de passe
        </Button>
      </form>
    </AuthLayout>
  );
}
