import type { LoginChallenge } from '@nuage/shared/schemas/responses/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { success } from '@nuage/shared/messages';
import { secondFactorCodeField } from '@nuage/shared/schemas/two-factor';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/toast';
import { useVerifyLogin } from '../api/verify-login';

const formSchema = z.object({ code: secondFactorCodeField });
type Form = z.infer<typeof formSchema>;

/**
 * The login's second step, loaded only when the server asks for it (the login page stays light):
 * the code of the authenticator app (or a recovery code), or the code mailed after repeated
 * failed attempts on the account.
 */
export default function SecondFactorStep({
  challenge,
  onRestart,
}: {
  challenge: LoginChallenge;
  onRestart(): void;
}) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const verify = useVerifyLogin();
  const form = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { code: '' } });
  const totp = challenge.second_factor === 'totp';

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ challenge_token: challenge.challenge_token, code });
      await signIn();
      notify.success(success.login);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      // An expired or spent step: back to the password.
      if (err instanceof ApiError && err.status === 400 && /expiré/.test(err.message)) onRestart();
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Vérification en deux étapes"
    >
      <Notice tone="info">{challenge.message}</Notice>
      <FormField
        label={totp ? 'Code de vérification' : 'Code reçu par email'}
        error={form.formState.errors.code?.message}
        hint={
          totp
            ? 'Ou un code de secours (xxxx-xxxx) si vous n’avez plus votre téléphone.'
            : undefined
        }
      >
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={totp ? 'text' : 'numeric'}
          maxLength={9}
          placeholder={totp ? '123 456' : '123456'}
          {...form.register('code')}
        />
      </FormField>
      <Button
        type="submit"
        className="w-full"
        loading={form.formState.isSubmitting}
        loadingText="Vérification..."
      >
        Vérifier et se connecter
      </Button>
      <button
        type="button"
        onClick={onRestart}
        className="w-full text-center text-sm font-medium text-blue-600 hover:underline dark:text-blue-400"
      >
        Revenir à la connexion
      </button>
    </form>
  );
}
