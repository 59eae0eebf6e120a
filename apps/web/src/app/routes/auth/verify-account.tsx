import { zodResolver } from '@hookform/resolvers/zod';
import { auth } from '@nuage/shared/limits';
import { success } from '@nuage/shared/messages';
import { verifyFormSchema, type VerifyForm } from '@nuage/shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { useVerifyAccount } from '@/features/auth/api/verify-account';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthLink } from '@/features/auth/components/auth-link';
import { useCountdown } from '@/features/auth/components/use-countdown';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';

const RESEND_COOLDOWN_MS = auth.resendCooldownSeconds * 1000;

export default function VerifyAccountRoute() {
  const state = useLocation().state as { email?: string; codeSentAt?: number } | null;
  const email = state?.email;
  // SPEC §2: the address comes from the previous screen; without it, back to registration.
  if (!email) return <Navigate to="/register" replace />;
  return <VerifyAccountForm email={email} codeSentAt={state?.codeSentAt ?? null} />;
}

function VerifyAccountForm({ email, codeSentAt }: { email: string; codeSentAt: number | null }) {
  const navigate = useNavigate();
  const verifyMutation = useVerifyAccount();
  const resendMutation = useResendVerification();
  const form = useForm<VerifyForm>({
    resolver: zodResolver(verifyFormSchema),
    defaultValues: { code: '' },
  });
  const codeError = form.formState.errors.code?.message;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    let result: Awaited<ReturnType<typeof verifyMutation.mutateAsync>>;
    try {
      result = await verifyMutation.mutateAsync({ email, token: code });
    } catch {
      return; // the API client has shown the error toast
    }
    const message =
      result.message + (result.client_folder_created ? success.clientFolderSuffix : '');
    notify.success(message);
    navigate('/login', { replace: true, state: { message, email } });
  });

  // The server sends at most one code a minute: the button says how long to wait instead of
  // offering a click that can only be refused.
  const [resendAt, setResendAt] = useState(() =>
    codeSentAt === null ? null : codeSentAt + RESEND_COOLDOWN_MS,
  );
  const wait = useCountdown(resendAt);
  const resend = () =>
    resendMutation.mutate(
      { email },
      {
        onSuccess: () => {
          notify.success(success.codeResent);
          setResendAt(Date.now() + RESEND_COOLDOWN_MS);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 429) {
            setResendAt(Date.now() + (err.retryAfterSeconds ?? auth.resendCooldownSeconds) * 1000);
          }
        },
      },
    );

  return (
    <AuthLayout
      title="Vérifiez votre compte"
      subtitle={
        <>
          Nous avons envoyé un code à {auth.verificationCodeLength} chiffres à{' '}
          <strong className="font-semibold break-words text-slate-900 dark:text-slate-100">
            {email}
          </strong>
          .
        </>
      }
      footer={
        <>
          Mauvaise adresse ? <AuthLink to="/register">Retour à l’inscription</AuthLink>
        </>
      }
    >
      <div className="mb-5 flex justify-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-blue-50 text-blue-600 dark:bg-blue-950/60 dark:text-blue-400">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField
          label="Code de vérification"
          error={codeError}
          hint="Le code figure dans l’email de bienvenue. Pensez à vérifier vos spams."
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={auth.verificationCodeLength}
            placeholder="123456"
            className="text-center font-mono text-xl tracking-[0.5em]"
            {...form.register('code')}
          />
        </FormField>
        <Button
          type="submit"
          className="w-full"
          loading={form.formState.isSubmitting}
          loadingText="Vérification..."
        >
          Vérifier mon compte
        </Button>
      </form>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-x-2 text-sm text-slate-600 dark:text-slate-400">
        <span>Vous n’avez rien reçu ?</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={resend}
          disabled={wait > 0}
          loading={resendMutation.isPending}
          loadingText="Envoi..."
          className="text-blue-600! hover:bg-blue-50 disabled:text-slate-600! disabled:opacity-100! dark:text-blue-400! dark:hover:bg-blue-950/40 dark:disabled:text-slate-300!"
        >
          {wait > 0 ? `Renvoyer le code (dans ${wait} s)` : 'Renvoyer le code'}
        </Button>
      </div>
    </AuthLayout>
  );
}
