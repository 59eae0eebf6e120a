import type { Bill } from '@nuage/shared/billing-types';
import type { ActiveSession } from '@nuage/shared/session-types';
import { sessionTexts, twoFactorTexts } from '@nuage/shared/security-messages';
import { errors, serverDetails, success, validation } from '@nuage/shared/messages';
import type { UserProfile } from '@nuage/shared/schemas/users';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AppShell from '@/app/shell/app-shell';
import { createFakeApi, deferred, type FakeApi } from '@/test/fake-api';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import ProfileRoute from './profile';
import { buildProjectPage } from '@/test/project-fixtures';

const me = buildUser({
  prenom: 'Awa',
  nom: 'Diop',
  email: 'awa.diop@exemple.sn',
  date_creation: '2024-03-15T10:30:00.000Z',
});

function session(over: Partial<ActiveSession>): ActiveSession {
  return {
    id: 's',
    appareil: 'Appareil',
    navigateur: null,
    adresse_ip: '192.0.2.1',
    date_creation: '2026-11-20T10:00:00.000Z',
    derniere_activite: '2026-11-24T10:00:00.000Z',
    expire_le: '2026-12-01T10:00:00.000Z',
    session_courante: false,
    ...over,
  };
}

const bill: Bill = {
  plan: { id: 'decouverte', name: 'Découverte', monthly_price_xof: 12_500, project_limit: 2 },
  projects_owned: 1,
  period: {
    start: '2026-11-01T00:00:00.000Z',
    end: '2026-12-01T00:00:00.000Z',
    now: '2026-11-24T12:00:00.000Z',
  },
  resources_monthly_xof: 17_292,
  resources_consumed_xof: 13_500,
  resources_projected_xof: 17_292,
  projected_xof: 29_792,
  applications_count: 1,
};

async function renderProfile(program: (api: FakeApi) => void = () => {}) {
  const api = createFakeApi()
    .on('GET', '/users/me/sessions', { body: [] })
    .on('GET', '/users/me/tokens', { body: [] })
    .on('GET', '/billing', { body: bill });
  program(api);
  const result = renderRoute(<ProfileRoute />, {
    path: '/profile',
    user: me,
    layout: <AppShell />,
    api,
  });
  await screen.findByRole('heading', { name: 'Mon profil' });
  return result;
}

const field = (label: string) => screen.getByLabelText(label);
const personalCard = () =>
  screen.getByRole('heading', { name: 'Informations personnelles' }).closest('.rounded-xl')!;

describe('/profile', () => {
  it("shows 'Facturation': the plan, this month's consumption and projection in XOF", async () => {
    const { api, user } = await renderProfile();
    const card = await screen.findByRole('region', { name: 'Facturation' });
    await within(card).findByText('Projection fin de mois');
    const text = (card.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toContain('12 500 XOF / mois');
    expect(text).toContain('1 projet sur 2');
    expect(text).toContain('Offre Découverte : prix fixe');
    expect(text).toContain('Consommation de novembre à ce jour');
    expect(text).toContain('13 500 XOF');
    expect(text).toContain('Projection fin de mois');
    expect(text).toContain('29 792 XOF');
    api.on('PUT', '/billing/plan', {
      body: {
        ...bill,
        plan: { id: 'pro', name: 'Pro', monthly_price_xof: 32_000, project_limit: 10 },
        message: 'Vous êtes maintenant sur l’offre Pro.',
      },
    });
    await user.click(within(card).getByRole('button', { name: 'Choisir Pro' }));
    // Nothing changes before the customer confirms, told what changes and from when.
    const dialog = await screen.findByRole('dialog', { name: 'Passer à l’offre Pro ?' });
    expect(api.callsTo('PUT', '/billing/plan')).toEqual([]);
    const said = (dialog.textContent ?? '').replace(/\s/g, ' ');
    expect(said).toContain('12 500 XOF / mois → 32 000 XOF / mois');
    expect(said).toContain('2 projets au maximum → 10 projets au maximum');
    expect(said).toContain('À partir de maintenant');
    expect(said).toContain('de 29 792 XOF à 49 292 XOF');
    await user.click(within(dialog).getByRole('button', { name: 'Passer à l’offre Pro' }));
    await expectToast('Vous êtes maintenant sur l’offre Pro.');
    expect(api.callsTo('PUT', '/billing/plan')[0]?.body).toEqual({ plan: 'pro' });
    expect(
      within(within(card).getByRole('listitem', { name: 'Offre Pro' })).getByText('Offre actuelle'),
    ).toBeVisible();
  });

  it('shows the names, email, account id, creation date and status', async () => {
    await renderProfile();
    const card = within(personalCard() as HTMLElement);
    expect(card.getByText('Awa')).toBeVisible();
    expect(card.getByText('Diop')).toBeVisible();
    expect(card.getAllByText('awa.diop@exemple.sn')[0]).toBeVisible();
    expect(screen.getByText(me.id)).toBeVisible();
    expect(screen.getByText('15 mars 2024')).toBeVisible();
    expect(screen.getByText('Actif')).toBeVisible();
  });

  it('gives each missing field its message', async () => {
    const { user, api } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(field('Prénom')).toHaveFocus();
    await user.clear(field('Prénom'));
    await user.clear(field('Nom'));
    await user.clear(field('Adresse email'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(validation.prenomRequired)).toBeVisible();
    expect(screen.getByText(validation.nomRequired)).toBeVisible();
    expect(screen.getByText(validation.emailRequired)).toBeVisible();
    expect(api.callsTo('PUT', '/users/me')).toHaveLength(0);
  });

  it('wants 2 characters per name and a valid email', async () => {
    const { user, api } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await user.clear(field('Prénom'));
    await user.type(field('Prénom'), 'A');
    await user.clear(field('Nom'));
    await user.type(field('Nom'), 'D');
    await user.clear(field('Adresse email'));
    await user.type(field('Adresse email'), 'awa@exemple');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(validation.prenomMin2)).toBeVisible();
    expect(screen.getByText(validation.nomMin2)).toBeVisible();
    expect(screen.getByText(validation.emailInvalid)).toBeVisible();
    expect(api.callsTo('PUT', '/users/me')).toHaveLength(0);
  });

  it('saves the changes and shows the new name at once, in the page and the menu', async () => {
    const answer = deferred();
    const { user, api } = await renderProfile();
    api.on('PUT', '/users/me', async ({ body }) => {
      await answer.promise;
      // As the API does: names apply at once, a new e-mail waits for its code.
      const { prenom, nom, email } = body as Pick<UserProfile, 'prenom' | 'nom' | 'email'>;
      return { body: { ...me, prenom, nom, email_en_attente: email } };
    });
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await user.clear(field('Prénom'));
    await user.type(field('Prénom'), '  Aïssatou ');
    await user.clear(field('Adresse email'));
    await user.type(field('Adresse email'), 'Aissatou@Exemple.sn');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('button', { name: /Enregistrement\.\.\./ })).toBeDisabled();
    answer.resolve();

    await expectToast(success.emailChangeRequested);
    const card = within(personalCard() as HTMLElement);
    expect(await card.findByText('Aïssatou')).toBeVisible();
    // The login address stays until the code mailed to the new one is entered.
    expect(card.getAllByText('awa.diop@exemple.sn')[0]).toBeVisible();
    expect(card.getByText('aissatou@exemple.sn')).toBeVisible();
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Aïssatou');
    expect(api.callsTo('PUT', '/users/me')[0]?.body).toEqual({
      prenom: 'Aïssatou',
      nom: 'Diop',
      email: 'aissatou@exemple.sn',
    });
    // The user was not fetched again: the cache took the server's answer.
    expect(api.callsTo('GET', '/users/me')).toHaveLength(1);
  });

  it('keeps the form open when the email belongs to another account', async () => {
    const { user, api } = await renderProfile();
    api.on('PUT', '/users/me', { status: 409, body: { detail: serverDetails.emailTaken } });
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await user.clear(field('Adresse email'));
    await user.type(field('Adresse email'), 'pris@exemple.sn');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expectToast(serverDetails.emailTaken);
    expect(field('Adresse email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Awa');
  });

  it('cancels an edit without calling the API', async () => {
    const { user, api } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await user.clear(field('Prénom'));
    await user.type(field('Prénom'), 'Autre');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(within(personalCard() as HTMLElement).getByText('Awa')).toBeVisible();
    expect(api.callsTo('PUT', '/users/me')).toHaveLength(0);
  });

  it('mails a password link to the user’s own address', async () => {
    const { user, api } = await renderProfile();
    api.on('POST', '/auth/request-password-reset', {
      body: { message: serverDetails.resetRequested },
    });
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    await expectToast(success.passwordLinkSent);
    expect(api.callsTo('POST', '/auth/request-password-reset')[0]?.body).toEqual({
      email: 'awa.diop@exemple.sn',
    });

    api.on('POST', '/auth/request-password-reset', {
      status: 429,
      body: { detail: serverDetails.resetTooSoon },
    });
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    await expectToast(serverDetails.resetTooSoon);
  });

  it('lists the active sessions and ends another one', async () => {
    const sessions = [
      session({ id: 's1', appareil: 'Firefox sur Linux', session_courante: true }),
      session({ id: 's2', appareil: 'Chrome sur Android', adresse_ip: '192.0.2.9' }),
    ];
    const { user, api } = await renderProfile((api) =>
      api.on('GET', '/users/me/sessions', () => ({ body: [...sessions] })),
    );
    api.on('DELETE', '/users/me/sessions/s2', () => {
      sessions.pop();
      return { body: { message: sessionTexts.ended } };
    });
    await user.click(screen.getByRole('button', { name: 'Voir les sessions' }));
    const list = within(await screen.findByRole('list', { name: 'Sessions' }));
    expect(await list.findByText(/Chrome sur Android/)).toBeVisible();
    expect(list.getByText('Cette session')).toBeVisible();
    await user.click(
      list.getByRole('button', { name: 'Déconnecter la session Chrome sur Android' }),
    );
    await expectToast(sessionTexts.ended);
    await waitFor(() => expect(list.queryByText(/Chrome sur Android/)).not.toBeInTheDocument());
  });

  it('enrols two-factor authentication: QR code, code, then the recovery codes once', async () => {
    const { user, api } = await renderProfile();
    api
      .on('POST', '/users/me/2fa/setup', {
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg/>' },
      })
      .on('POST', '/users/me/2fa/enable', {
        body: { message: twoFactorTexts.enabled, codes_de_secours: ['abcd-efgh', 'jkmn-pqrs'] },
      });
    await user.click(screen.getByRole('button', { name: 'Activer la 2FA' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByAltText(/QR code/)).toBeVisible();
    expect(dialog.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(dialog.getByLabelText('Code de l’application'), '123456');
    await user.click(dialog.getByRole('button', { name: 'Activer' }));
    expect(await dialog.findByText('abcd-efgh')).toBeVisible();
    expect(api.callsTo('POST', '/users/me/2fa/enable')[0]?.body).toEqual({ code: '123456' });
    await expectToast(twoFactorTexts.enabled);
  });

  it('creates an API token and shows it once', async () => {
    const { user, api } = await renderProfile();
    api.on('GET', '/projects', { body: buildProjectPage([]) }).on('POST', '/users/me/tokens', {
      status: 201,
      body: { message: 'ok', token: 'ndp_secret-value', jeton: {} },
    });
    await user.click(screen.getByRole('button', { name: 'Nouveau jeton' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Créer le jeton' }));
    expect(await dialog.findByText('Le nom du jeton est requis')).toBeVisible();
    await user.type(dialog.getByLabelText('Nom'), 'CI');
    await user.selectOptions(dialog.getByLabelText('Portée'), 'complet');
    await user.click(dialog.getByRole('button', { name: 'Créer le jeton' }));
    expect(await dialog.findByTestId('api-token-secret')).toHaveTextContent('ndp_secret-value');
    expect(api.callsTo('POST', '/users/me/tokens')[0]?.body).toEqual({
      nom: 'CI',
      portee: 'complet',
      expire_dans_jours: 30,
    });
  });

  it('deletes the account only once SUPPRIMER is typed, then signs out to /login', async () => {
    const { user, api, location } = await renderProfile();
    api.on('DELETE', '/users/me', { body: { message: serverDetails.accountDeleted } });
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer mon compte' });
    const modal = within(dialog);
    const confirm = modal.getByRole('button', { name: 'Supprimer définitivement' });
    const input = modal.getByLabelText(/Pour confirmer, saisissez/);
    expect(input).toHaveFocus();
    expect(confirm).toBeDisabled();

    await user.type(input, 'supprimer');
    expect(modal.getByRole('alert')).toHaveTextContent(validation.deleteConfirm);
    expect(confirm).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(api.callsTo('DELETE', '/users/me')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'SUPPRIMER');
    expect(modal.queryByRole('alert')).not.toBeInTheDocument();
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByRole('heading', { name: 'Page /login' })).toBeVisible();
    expect(location().pathname).toBe('/login');
    expect(api.callsTo('DELETE', '/users/me')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    await expectToast(success.accountDeleted);
  });

  it('keeps the session when the deletion fails', async () => {
    const { user, api, location } = await renderProfile();
    api.on('DELETE', '/users/me', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const modal = within(await screen.findByRole('dialog'));
    await user.type(modal.getByLabelText(/Pour confirmer, saisissez/), 'SUPPRIMER');
    await user.click(modal.getByRole('button', { name: 'Supprimer définitivement' }));
    await expectToast(errors.accountDelete);
    expect(toastTexts()).not.toContain(success.accountDeleted);
    expect(location().pathname).toBe('/profile');
    expect(localStorage.getItem('auth_token')).toMatch(/^session-/);
  });
});
