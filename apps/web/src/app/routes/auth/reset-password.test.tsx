import { errors, serverDetails, success, validation } from '@nuage/shared/messages';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '@/test/fake-api';
import { renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import LoginRoute from './login';
import ResetPasswordRoute from './reset-password';

const EMAIL = 'awa.diop@exemple.sn';
const TOKEN = 'tok_3f9a';
const passwordInput = () => screen.getByLabelText('Nouveau mot de passe');
const confirmInput = () => screen.getByLabelText('Confirmer le mot de passe');
const submit = () => screen.getByRole('button', { name: 'Réinitialiser le mot de passe' });
const rule = (text: string) => screen.getByText(text).closest('li')!;

function renderReset(url = `/reset-password?token=${TOKEN}&email=${encodeURIComponent(EMAIL)}`) {
  return renderRoute(<ResetPasswordRoute />, {
    path: '/reset-password',
    url,
    routes: [{ path: '/login', element: <LoginRoute /> }],
  });
}

describe('/reset-password', () => {
  it.each([
    ['without a token', `/reset-password?email=${EMAIL}`],
    ['without an email', `/reset-password?token=${TOKEN}`],
  ])('says the link is invalid and goes to /forgot-password %s', async (_, url) => {
    const { location } = renderReset(url);
    expect(await screen.findByRole('heading', { name: 'Page /forgot-password' })).toBeVisible();
    expect(location().pathname).toBe('/forgot-password');
    await expectToast(errors.resetInvalidLink);
    expect(toastTexts()).toHaveLength(1);
  });

  it('shows the account, the single-use notice and labelled password fields', () => {
    renderReset();
    expect(screen.getByText(EMAIL)).toBeVisible();
    expect(screen.getByText(/ne peut servir qu’une seule fois/)).toBeVisible();
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmInput()).toHaveAttribute('autocomplete', 'new-password');
  });

  it('asks for both passwords on an empty submit', async () => {
    const { user, api } = renderReset();
    await user.click(submit());
    expect(await screen.findByText(validation.passwordRequired)).toBeVisible();
    expect(screen.getByText(validation.confirmRequired)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('enforces 8 characters, then a lowercase, an uppercase and a digit, then a match', async () => {
    const { user, api } = renderReset();
    await user.type(passwordInput(), 'Ab1');
    await user.type(confirmInput(), 'Ab1');
    await user.click(submit());
    expect(await screen.findByText(validation.passwordMin8)).toBeVisible();

    await user.clear(passwordInput());
    await user.type(passwordInput(), 'abcdefgh');
    await user.click(submit());
    expect(await screen.findByText(validation.passwordComplexity)).toBeVisible();

    await user.clear(passwordInput());
    await user.type(passwordInput(), 'Abcdefg1');
    await user.clear(confirmInput());
    await user.type(confirmInput(), 'Abcdefg2');
    await user.click(submit());
    expect(await screen.findByText(validation.passwordMismatch)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('marks each password rule as met while the user types', async () => {
    const { user } = renderReset();
    const length = rule('Au moins 8 caractères');
    const lower = rule('Au moins une lettre minuscule');
    const upper = rule('Au moins une lettre majuscule');
    const digit = rule('Au moins un chiffre');
    for (const li of [length, lower, upper, digit]) expect(li).toHaveTextContent('(non respectée)');

    await user.type(passwordInput(), 'abC');
    expect(lower).toHaveTextContent('(respectée)');
    expect(upper).toHaveTextContent('(respectée)');
    expect(length).toHaveTextContent('(non respectée)');
    expect(digit).toHaveTextContent('(non respectée)');

    await user.type(passwordInput(), 'defg7');
    for (const li of [length, lower, upper, digit]) {
      expect(li).toHaveTextContent('(respectée)');
      expect(li).not.toHaveTextContent('non respectée');
    }
  });

  it('resets the password and opens /login with the message and email', async () => {
    const answer = deferred();
    const { user, api, location } = renderReset();
    api.on('POST', '/auth/reset-password', async () => {
      await answer.promise;
      return { body: { message: serverDetails.resetDone } };
    });
    await user.type(passwordInput(), 'Nouveau2024');
    await user.type(confirmInput(), 'Nouveau2024');
    await user.click(submit());
    expect(await screen.findByRole('button', { name: /Réinitialisation\.\.\./ })).toBeDisabled();
    answer.resolve();

    await expectToast(success.passwordReset);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(location().state).toEqual({ message: success.passwordReset, email: EMAIL });
    expect(screen.getByLabelText('Adresse email')).toHaveValue(EMAIL);
    expect(api.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      email: EMAIL,
      token: TOKEN,
      nouveau_mot_de_passe: 'Nouveau2024',
    });
  });

  it('on HTTP 400 shows one toast, then goes to /forgot-password after 3 s', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const { user, api, location } = renderReset();
    api.on('POST', '/auth/reset-password', {
      status: 400,
      body: { detail: 'Ce lien a déjà servi.' },
    });
    await user.type(passwordInput(), 'Nouveau2024');
    await user.type(confirmInput(), 'Nouveau2024');
    await user.click(submit());

    await expectToast(errors.resetInvalidToken);
    expect(toastTexts()).toEqual([errors.resetInvalidToken]);
    expect(submit()).toBeDisabled();

    act(() => vi.advanceTimersByTime(2000));
    expect(location().pathname).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('heading', { name: 'Page /forgot-password' })).toBeVisible();
    expect(location().pathname).toBe('/forgot-password');
  });

  it('shows the server detail of another failure, else the default text, and stays', async () => {
    const { user, api, location } = renderReset();
    api.on('POST', '/auth/reset-password', {
      status: 429,
      body: { detail: serverDetails.tooManyRequests },
    });
    await user.type(passwordInput(), 'Nouveau2024');
    await user.type(confirmInput(), 'Nouveau2024');
    await user.click(submit());
    await expectToast(serverDetails.tooManyRequests);
    api.on('POST', '/auth/reset-password', { status: 500 });
    await user.click(submit());
    await expectToast(errors.resetDefault);
    expect(submit()).toBeEnabled();
    expect(location().pathname).toBe('/reset-password');
  });
});
