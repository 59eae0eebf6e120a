import { errors, serverDetails, success, validation } from '@nuage/shared/messages';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@/test/fake-api';
import { renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import LoginRoute from './login';
import VerifyAccountRoute from './verify-account';

const EMAIL = 'awa.diop@exemple.sn';
const codeInput = () => screen.getByLabelText('Code de vérification');
const submit = () => screen.getByRole('button', { name: 'Vérifier mon compte' });

function renderVerify(state: unknown = { email: EMAIL }) {
  return renderRoute(<VerifyAccountRoute />, {
    path: '/verify-account',
    state,
    routes: [{ path: '/login', element: <LoginRoute /> }],
  });
}

describe('/verify-account', () => {
  it('sends a visitor who arrives without an email to /register', async () => {
    const { location } = renderVerify(null);
    expect(await screen.findByRole('heading', { name: 'Page /register' })).toBeVisible();
    expect(location().pathname).toBe('/register');
  });

  it('shows the email and a 6-digit numeric one-time-code field', async () => {
    const { user } = renderVerify();
    expect(screen.getByText(EMAIL)).toBeVisible();
    const input = codeInput();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(input, '12345678');
    expect(input).toHaveValue('123456');
  });

  it('asks for the code, then for exactly 6 digits', async () => {
    const { user, api } = renderVerify();
    await user.click(submit());
    expect(await screen.findByText(validation.codeRequired)).toBeVisible();
    await user.type(codeInput(), '12a4');
    await user.click(submit());
    expect(await screen.findByText(validation.codeSixDigits)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('verifies, announces the client folder and opens /login with the message and email', async () => {
    const answer = deferred();
    const { user, api, location } = renderVerify();
    api.on('POST', '/auth/verify-account', async () => {
      await answer.promise;
      return { body: { message: serverDetails.verified, client_folder_created: true } };
    });
    await user.type(codeInput(), '042917');
    await user.click(submit());
    expect(await screen.findByRole('button', { name: /Vérification\.\.\./ })).toBeDisabled();
    answer.resolve();

    const message = serverDetails.verified + success.clientFolderSuffix;
    await expectToast(message);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(location().pathname).toBe('/login');
    expect(location().state).toEqual({ message, email: EMAIL });
    expect(screen.getByLabelText('Adresse email')).toHaveValue(EMAIL);
    expect(api.callsTo('POST', '/auth/verify-account')[0]?.body).toEqual({
      email: EMAIL,
      token: '042917',
    });
  });

  it('leaves the folder sentence out when no folder was created', async () => {
    const { user, api } = renderVerify();
    api.on('POST', '/auth/verify-account', {
      body: { message: serverDetails.verified, client_folder_created: false },
    });
    await user.type(codeInput(), '042917');
    await user.click(submit());
    await expectToast(serverDetails.verified);
  });

  it('stays on the screen when the code is refused (server detail, else default)', async () => {
    const { user, api, location } = renderVerify();
    api.on('POST', '/auth/verify-account', {
      status: 400,
      body: { detail: serverDetails.verifyTooManyAttempts },
    });
    await user.type(codeInput(), '000000');
    await user.click(submit());
    await expectToast(serverDetails.verifyTooManyAttempts);
    api.on('POST', '/auth/verify-account', { status: 500 });
    await user.click(submit());
    await expectToast(errors.verify);
    expect(location().pathname).toBe('/verify-account');
  });

  it('resends the code to the same email', async () => {
    const answer = deferred();
    const { user, api } = renderVerify();
    api.on('POST', '/auth/resend-verification', async () => {
      await answer.promise;
      return { body: { message: serverDetails.resendSent } };
    });
    await user.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    expect(await screen.findByRole('button', { name: /Envoi\.\.\./ })).toBeDisabled();
    answer.resolve();
    await expectToast(success.codeResent);
    expect(api.callsTo('POST', '/auth/resend-verification')[0]?.body).toEqual({ email: EMAIL });
    expect(
      await screen.findByRole('button', { name: /Renvoyer le code \(dans 60 s\)/ }),
    ).toBeDisabled();
  });

  it('counts down while the server refuses a new code, then offers it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, api } = renderVerify();
      api.on('POST', '/auth/resend-verification', {
        status: 429,
        headers: { 'retry-after': '3' },
        body: { detail: serverDetails.resendTooSoon },
      });
      await user.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
      await expectToast(serverDetails.resendTooSoon);
      expect(
        await screen.findByRole('button', { name: 'Renvoyer le code (dans 3 s)' }),
      ).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: 'Renvoyer le code (dans 2 s)' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(screen.getByRole('button', { name: 'Renvoyer le code' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows why a resend was refused, else the default text', async () => {
    const { user, api } = renderVerify();
    api.on('POST', '/auth/resend-verification', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    await expectToast(errors.resend);
    api.on('POST', '/auth/resend-verification', {
      status: 429,
      body: { detail: serverDetails.resendTooSoon },
    });
    await user.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    await expectToast(serverDetails.resendTooSoon);
  });

  it('links back to /register', async () => {
    const { user, location } = renderVerify();
    await user.click(screen.getByRole('link', { name: 'Retour à l’inscription' }));
    expect(location().pathname).toBe('/register');
  });
});
