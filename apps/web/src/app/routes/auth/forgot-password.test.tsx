import { errors, serverDetails, validation } from '@nuage/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/test/fake-api';
import { renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import ForgotPasswordRoute from './forgot-password';

const emailInput = () => screen.getByLabelText('Adresse email');
const submit = () => screen.getByRole('button', { name: 'Envoyer le lien' });
const renderForgot = () => renderRoute(<ForgotPasswordRoute />, { path: '/forgot-password' });

describe('/forgot-password', () => {
  it('asks for the email, then for a valid one', async () => {
    const { user, api } = renderForgot();
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    await user.click(submit());
    expect(await screen.findByText(validation.emailRequired)).toBeVisible();
    await user.type(emailInput(), 'awa@');
    await user.click(submit());
    expect(await screen.findByText(validation.emailInvalid)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('confirms the request with the email, the 60-minute validity, spam and the limits', async () => {
    const answer = deferred();
    const { user, api } = renderForgot();
    api.on('POST', '/auth/request-password-reset', async () => {
      await answer.promise;
      return { body: { message: serverDetails.resetRequested } };
    });
    await user.type(emailInput(), 'Awa@Exemple.sn');
    await user.click(submit());
    expect(await screen.findByRole('button', { name: /Envoi en cours\.\.\./ })).toBeDisabled();
    answer.resolve();

    const heading = await screen.findByRole('heading', {
      name: 'Vérifiez votre boîte de réception',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText('awa@exemple.sn')).toBeVisible();
    expect(screen.getByText(/valable 60 minutes/)).toBeVisible();
    expect(screen.getByText(/dossier spam/)).toBeVisible();
    expect(screen.getByText('3 tentatives maximum par 24 heures')).toBeVisible();
    expect(screen.getByText('5 minutes minimum entre deux demandes')).toBeVisible();
    expect(api.callsTo('POST', '/auth/request-password-reset')[0]?.body).toEqual({
      email: 'awa@exemple.sn',
    });

    await user.click(screen.getByRole('button', { name: 'Utiliser une autre adresse' }));
    expect(emailInput()).toBeVisible();
  });

  it('keeps the form and shows the limit reached, else the default text', async () => {
    const { user, api } = renderForgot();
    api.on('POST', '/auth/request-password-reset', {
      status: 429,
      body: { detail: serverDetails.resetTooSoon },
    });
    await user.type(emailInput(), 'awa@exemple.sn');
    await user.click(submit());
    await expectToast(serverDetails.resetTooSoon);
    expect(emailInput()).toBeVisible();
    api.on('POST', '/auth/request-password-reset', { status: 500 });
    await user.click(submit());
    await expectToast(errors.forgotPassword);
    expect(
      screen.queryByRole('heading', { name: 'Vérifiez votre boîte de réception' }),
    ).not.toBeInTheDocument();
  });

  it('links to /login', async () => {
    const { user, location } = renderForgot();
    await user.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(location().pathname).toBe('/login');
  });
});
