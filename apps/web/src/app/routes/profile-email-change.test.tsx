import { success } from '@nuage/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import ProfileRoute from './profile';

const me = buildUser({ email: 'awa.diop@exemple.sn' });

describe('/profile e-mail change', () => {
  it('announces that a new address waits for its code instead of claiming it changed', async () => {
    const { user, api } = renderRoute(<ProfileRoute />, { path: '/profile', user: me });
    api.on('PUT', '/users/me', { body: { ...me, email_en_attente: 'awa@nouvelle.sn' } });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(screen.getByLabelText('Adresse email'));
    await user.type(screen.getByLabelText('Adresse email'), 'awa@nouvelle.sn');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expectToast(success.emailChangeRequested);
    expect(await screen.findByText('awa@nouvelle.sn')).toBeVisible();
    // The login address shown is still the old one until the code is entered.
    expect(screen.getAllByText('awa.diop@exemple.sn').length).toBeGreaterThan(0);
  });

  it('confirms the new address with the mailed code', async () => {
    const pending = { ...me, email_en_attente: 'awa@nouvelle.sn' };
    const { user, api } = renderRoute(<ProfileRoute />, { path: '/profile', user: pending });
    api.on('POST', '/users/me/confirm-email', {
      body: { ...me, email: 'awa@nouvelle.sn', email_en_attente: null },
    });
    await user.type(await screen.findByLabelText('Code de confirmation'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await expectToast(success.emailChanged);
    expect(api.callsTo('POST', '/users/me/confirm-email')[0]?.body).toEqual({ code: '123456' });
    expect(screen.queryByLabelText('Code de confirmation')).not.toBeInTheDocument();
    expect(await screen.findByText('awa@nouvelle.sn')).toBeVisible();
  });

  it('refuses a code that is not 6 digits before calling the API', async () => {
    const pending = { ...me, email_en_attente: 'awa@nouvelle.sn' };
    const { user, api } = renderRoute(<ProfileRoute />, { path: '/profile', user: pending });
    await user.type(await screen.findByLabelText('Code de confirmation'), '12a');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Le code doit contenir exactement 6 chiffres')).toBeVisible();
    expect(api.callsTo('POST', '/users/me/confirm-email')).toHaveLength(0);
  });

  it('cancels the pending change', async () => {
    const pending = { ...me, email_en_attente: 'awa@nouvelle.sn' };
    const { user, api } = renderRoute(<ProfileRoute />, { path: '/profile', user: pending });
    api.on('DELETE', '/users/me/pending-email', { body: { ...me, email_en_attente: null } });
    await user.click(await screen.findByRole('button', { name: 'Annuler le changement' }));
    await expectToast(success.emailChangeCancelled);
    expect(api.callsTo('DELETE', '/users/me/pending-email')).toHaveLength(1);
  });
});
