import { errors, serverDetails, success, validation } from '@nuage/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/test/fake-api';
import { renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import RegisterRoute from './register';
import VerifyAccountRoute from './verify-account';

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Créer mon compte' });

function renderRegister() {
  return renderRoute(<RegisterRoute />, {
    path: '/register',
    routes: [{ path: '/verify-account', element: <VerifyAccountRoute /> }],
  });
}

describe('/register', () => {
  it('lists every missing field on an empty submit', async () => {
    const { user, api } = renderRegister();
    await user.click(submit());
    expect(await screen.findByText(validation.nomRequired)).toBeVisible();
    expect(screen.getByText(validation.prenomRequired)).toBeVisible();
    expect(screen.getByText(validation.emailRequired)).toBeVisible();
    expect(screen.getByText(validation.passwordRequired)).toBeVisible();
    expect(screen.getByText(validation.confirmRequired)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('rejects a malformed email and a password under 6 characters', async () => {
    const { user, api } = renderRegister();
    await user.type(field('Nom'), 'Diop');
    await user.type(field('Prénom'), 'Awa');
    await user.type(field('Adresse email'), 'awa.exemple.sn');
    await user.type(field('Mot de passe'), '12345');
    await user.type(field('Confirmer le mot de passe'), '12345');
    await user.click(submit());
    expect(await screen.findByText(validation.emailInvalid)).toBeVisible();
    expect(screen.getByText(validation.passwordMin6)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the mismatch together with every other error, in one submit', async () => {
    const { user, api } = renderRegister();
    await user.type(field('Adresse email'), 'awa.exemple.sn');
    await user.type(field('Mot de passe'), 'secret1');
    await user.type(field('Confirmer le mot de passe'), 'secret2');
    await user.click(submit());
    expect(await screen.findByText(validation.passwordMismatch)).toBeVisible();
    expect(screen.getByText(validation.nomRequired)).toBeVisible();
    expect(screen.getByText(validation.prenomRequired)).toBeVisible();
    expect(screen.getByText(validation.emailInvalid)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a different confirmation, and rechecks it when the password changes', async () => {
    const { user, api } = renderRegister();
    await user.type(field('Nom'), 'Diop');
    await user.type(field('Prénom'), 'Awa');
    await user.type(field('Adresse email'), 'awa@exemple.sn');
    await user.type(field('Mot de passe'), 'secret1');
    await user.type(field('Confirmer le mot de passe'), 'secret2');
    await user.click(submit());
    expect(await screen.findByText(validation.passwordMismatch)).toBeVisible();
    expect(field('Confirmer le mot de passe')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
    await user.clear(field('Mot de passe'));
    await user.type(field('Mot de passe'), 'secret2');
    expect(screen.queryByText(validation.passwordMismatch)).not.toBeInTheDocument();
  });

  it('registers, says so, and opens the verification screen with the email', async () => {
    const answer = deferred();
    const { user, api, location } = renderRegister();
    api.on('POST', '/auth/register', async () => {
      await answer.promise;
      return { status: 201, body: { message: serverDetails.registered } };
    });
    await user.type(field('Nom'), 'Diop');
    await user.type(field('Prénom'), 'Awa');
    await user.type(field('Adresse email'), 'Awa.Diop@Exemple.sn');
    await user.type(field('Mot de passe'), 'secret1');
    // Nothing is flagged before the first submit.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(field('Confirmer le mot de passe'), 'secret1');
    await user.click(submit());
    expect(await screen.findByRole('button', { name: /Inscription\.\.\./ })).toBeDisabled();
    answer.resolve();

    await expectToast(success.register);
    expect(await screen.findByRole('heading', { name: 'Vérifiez votre compte' })).toBeVisible();
    expect(screen.getByText('awa.diop@exemple.sn')).toBeVisible();
    expect(location().state).toEqual({
      email: 'awa.diop@exemple.sn',
      codeSentAt: expect.any(Number),
    });
    // The code was just sent: the next one waits a minute, and the button says so.
    expect(
      await screen.findByRole('button', { name: /Renvoyer le code \(dans (59|60) s\)/ }),
    ).toBeDisabled();
    expect(api.callsTo('POST', '/auth/register')[0]?.body).toEqual({
      nom: 'Diop',
      prenom: 'Awa',
      email: 'awa.diop@exemple.sn',
      mot_de_passe: 'secret1',
    });
  });

  it('stays on the form with the server detail, or the default text, when refused', async () => {
    const { user, api, location } = renderRegister();
    api.on('POST', '/auth/register', { status: 409, body: { detail: serverDetails.emailTaken } });
    await user.type(field('Nom'), 'Diop');
    await user.type(field('Prénom'), 'Awa');
    await user.type(field('Adresse email'), 'awa@exemple.sn');
    await user.type(field('Mot de passe'), 'secret1');
    await user.type(field('Confirmer le mot de passe'), 'secret1');
    await user.click(submit());
    await expectToast(serverDetails.emailTaken);
    expect(location().pathname).toBe('/register');

    api.on('POST', '/auth/register', { status: 500, body: {} });
    await user.click(submit());
    await expectToast(errors.register);
    expect(toastTexts()).not.toContain(success.register);
  });

  it('offers terms and privacy links that leave nothing, and a link to /login', async () => {
    const { user, location } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'conditions d’utilisation' }));
    await expectToast('Les conditions d’utilisation seront bientôt disponibles.');
    await user.click(screen.getByRole('button', { name: 'politique de confidentialité' }));
    await expectToast('La politique de confidentialité sera bientôt disponible.');
    expect(location().pathname).toBe('/register');
    await user.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(location().pathname).toBe('/login');
  });
});
