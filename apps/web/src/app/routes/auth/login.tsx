import { zodResolver } from '@hookform/resolvers/zod';
import { success } from '@nuage/shared/messages';
import { loginFormSchema, type LoginForm } from '@nuage/shared/schemas/auth';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useLogin } from '@/features/auth/api/login';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import type { LoginChallenge } from '@nuage/shared/schemas/responses/auth';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { inform, notify } from '@/lib/toast';

// Only accounts with a second step download it: the login page's own code stays small.
const SecondFactorStep = lazy(() => import('@/features/auth/components/second-factor-step'));

interface LoginLocationState {
  message?: string;
  email?: string;
}

export default function LoginRoute() {
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const loginMutation = useLogin();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: state.email ?? '', password: '', remember: false },
  });
  const { errors } = form.formState;
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      const result = await loginMutation.mutateAsync({ email, mot_de_passe: password });
      if ('second_factor' in result) {
        setChallenge(result);
        return;
      }
      await signIn();
      notify.success(success.login);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      // An unverified account is sent to enter its code (the toast already says why).
      if (err instanceof ApiError && err.status === 403)
        navigate('/verify-account', { state: { email } });
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <AuthLayout
      title="Connexion"
      subtitle="Accédez à votre espace de déploiement."
      footer={
        <>
          Pas encore de compte ?{' '}
          <Link
            to="/register"
            className="font-medium text-blue-600 hover:underline dark:text-blue-400"
          >
            Créer un compte
          </Link>
        </>
      }
    >
      {state.message && !challenge && (
        <Notice tone="success" className="mb-4">
          {state.message}
        </Notice>
      )}
      {challenge ? (
        <Suspense fallback={null}>
          <SecondFactorStep
            challenge={challenge}
            onRestart={() => {
              setChallenge(null);
              form.setValue('password', '');
            }}
          />
        </Suspense>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Adresse email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder="vous@entreprise.com"
              {...form.register('email')}
            />
          </FormField>
          <FormField label="Mot de passe" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
            <label className="flex items-center gap-2 whitespace-nowrap">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300"
                {...form.register('remember')}
              />
              Se souvenir de moi
            </label>
            <Link
              to="/forgot-password"
              className="font-medium whitespace-nowrap text-blue-600 hover:underline dark:text-blue-400"
            >
              Mot de passe oublié ?
            </Link>
          </div>
          <Button type="submit" className="w-full" loading={submitting} loadingText="Connexion...">
            Se connecter
          </Button>
        </form>
      )}
      <div className="my-5 flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" /> ou{' '}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <Button
        variant="outline"
        className="w-full"
        onClick={() => inform('La connexion avec Google arrive bientôt.')}
        aria-describedby="sso-soon"
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path
            fill="#FBBC05"
            d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z"
          />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        Continuer avec Google
      </Button>
      <p id="sso-soon" className="sr-only">
        Bientôt disponible
      </p>
    </AuthLayout>
  );
}
