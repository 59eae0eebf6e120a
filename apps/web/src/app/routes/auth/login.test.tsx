import { errors, success, validation } from '@nuage/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/test/fake-api';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import LoginRoute from './login';

const field = (name: RegExp) => screen.getByLabelText(name);
const submit = () => screen.getByRole('button', { name: 'Se connecter' });

describe('/login', () => {
  it('asks for the email and the password when both are empty', async () => {
    const { user, api } = renderRoute(<LoginRoute />, { path: '/login' });
    await user.click(submit());
    expect(await screen.findByText(validation.emailRequired)).toBeVisible();
    expect(screen.getByText(validation.passwordRequired)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('rejects a malformed email and a password under 6 characters', async () => {
    const { user, api } = renderRoute(<LoginRoute />, { path: '/login' });
    await user.type(field(/Adresse email/), 'awa@exemple');
    await user.type(field(/Mot de passe/), '12345');
    await user.click(submit());
    expect(await screen.findByText(validation.emailInvalid)).toBeVisible();
    expect(screen.getByText(validation.passwordMin6)).toBeVisible();
    expect(field(/Adresse email/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the message and email carried from the previous screen', () => {
    renderRoute(<LoginRoute />, {
      path: '/login',
      state: { message: success.passwordReset, email: 'awa@exemple.sn' },
    });
    expect(screen.getByText(success.passwordReset)).toBeVisible();
    expect(field(/Adresse email/)).toHaveValue('awa@exemple.sn');
  });

  it('shows "Connexion..." while signing in, then greets and opens the dashboard', async () => {
    const answer = deferred();
    const { user, api, location } = renderRoute(<LoginRoute />, { path: '/login' });
    api
      .on('POST', '/auth/login', async () => {
        await answer.promise;
        return { body: { access_token: 'jwt-123', token_type: 'bearer' } };
      })
      .on('GET', '/users/me', { body: buildUser() });
    await user.type(field(/Adresse email/), 'Awa@Exemple.sn');
    await user.type(field(/Mot de passe/), 'secret1');
    await user.click(submit());
    expect(await screen.findByRole('button', { name: /Connexion\.\.\./ })).toBeDisabled();
    answer.resolve();
    await expectToast(success.login);
    expect(await screen.findByRole('heading', { name: 'Page /dashboard' })).toBeVisible();
    expect(location().pathname).toBe('/dashboard');
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'awa@exemple.sn',
      mot_de_passe: 'secret1',
    });
    // The session is the HttpOnly cookie: no token is kept where a script could read it, only
    // a marker that a session exists; every call carries the app's anti-CSRF header.
    expect(localStorage.getItem('auth_token')).toMatch(/^session-/);
    expect(JSON.stringify({ ...localStorage })).not.toContain('jwt-123');
    expect(api.callsTo('GET', '/users/me')[0]?.headers['x-nuage-client']).toBe('web');
    expect(api.callsTo('GET', '/users/me')[0]?.headers.authorization).toBeUndefined();
  });

  it('asks for the second factor when the account has one, then signs in', async () => {
    const { user, api, location } = renderRoute(<LoginRoute />, { path: '/login' });
    api
      .on('POST', '/auth/login', {
        status: 202,
        body: {
          second_factor: 'totp',
          challenge_token: 'etape-1',
          message: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
        },
      })
      .on('POST', '/auth/login/verify', { body: { access_token: 'x', token_type: 'bearer' } })
      .on('GET', '/users/me', { body: buildUser() });
    await user.type(field(/Adresse email/), 'awa@exemple.sn');
    await user.type(field(/Mot de passe/), 'secret1');
    await user.click(submit());
    const code = await screen.findByLabelText('Code de vérification');
    expect(localStorage.getItem('auth_token')).toBeNull();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Vérifier et se connecter' }));
    await expectToast(success.login);
    expect(location().pathname).toBe('/dashboard');
    expect(api.callsTo('POST', '/auth/login/verify')[0]?.body).toEqual({
      challenge_token: 'etape-1',
      code: '123 456',
    });
  });

  it('shows the server detail of a refused login, else the default text', async () => {
    const { user, api } = renderRoute(<LoginRoute />, { path: '/login' });
    api.on('POST', '/auth/login', {
      status: 401,
      body: { detail: 'Email ou mot de passe incorrect.' },
    });
    await user.type(field(/Adresse email/), 'awa@exemple.sn');
    await user.type(field(/Mot de passe/), 'mauvais1');
    await user.click(submit());
    await expectToast('Email ou mot de passe incorrect.');

    api.on('POST', '/auth/login', { status: 500 });
    await user.click(submit());
    await expectToast(errors.login);
  });
});
