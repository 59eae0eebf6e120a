import { projectErrors, projectSuccess, validation } from '@nuage/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { createFakeApi, type FakeApi, type FakeReply } from '@/test/fake-api';
import { buildInvitationInfo } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import InvitationRoute from './invitation';

const token = 'tok_abc123';
const joined = 'Vous avez rejoint le projet « Boutique Dakar ».';
const projectPath = `/projects/${buildInvitationInfo().projet_id}`;

/** The page asks for the invitation as it mounts: the fake API is programmed before. */
function renderInvitation(
  reply: FakeReply = { body: buildInvitationInfo() },
  program: (api: FakeApi) => void = () => {},
) {
  const api = createFakeApi().on('GET', `/invitations/${token}`, reply);
  program(api);
  return renderRoute(<InvitationRoute />, {
    url: `/invitations/${token}`,
    path: '/invitations/:token',
    api,
  });
}
const existing = { body: buildInvitationInfo({ user_exists: true }) };

const field = (label: string) => screen.getByLabelText(label);
const createButton = () =>
  screen.getByRole('button', { name: 'Créer mon compte et rejoindre le projet' });

describe('/invitations/{token}', () => {
  it('shows the project, the invited e-mail, the role and the expiry', async () => {
    renderInvitation();
    expect(await screen.findByText('Boutique Dakar', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText('fatou.ndiaye@example.sn', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText('Développeur')).toBeVisible();
    expect(screen.getByText(/9 janvier 2030/)).toBeVisible();
  });

  it('asks a newcomer for every account field, and for matching passwords', async () => {
    const { user, api } = renderInvitation();
    await screen.findByRole('form', { name: 'Créer mon compte' });
    await user.click(createButton());
    expect(await screen.findByText(validation.prenomRequired)).toBeVisible();
    expect(screen.getByText(validation.nomRequired)).toBeVisible();
    expect(screen.getByText(validation.passwordRequired)).toBeVisible();
    expect(screen.getByText(validation.confirmRequired)).toBeVisible();
    await user.type(field('Prénom'), 'Fatou');
    await user.type(field('Nom'), 'Ndiaye');
    await user.type(field('Mot de passe'), 'secret1');
    await user.type(field('Confirmer le mot de passe'), 'secret2');
    await user.click(createButton());
    expect(await screen.findByText(validation.passwordMismatch)).toBeVisible();
    expect(api.callsTo('POST', '/invitations/accept')).toHaveLength(0);
  });

  it('creates the account, signs it in and opens the project', async () => {
    const { user, api, location } = renderInvitation();
    api
      .on('POST', '/invitations/accept', {
        body: {
          message: joined,
          projet_id: buildInvitationInfo().projet_id,
          user_created: true,
          access_token: 'jwt-new',
        },
      })
      .on('GET', '/users/me', {
        body: buildUser({ prenom: 'Fatou', email: 'fatou.ndiaye@example.sn' }),
      });
    await screen.findByRole('form', { name: 'Créer mon compte' });
    await user.type(field('Prénom'), 'Fatou');
    await user.type(field('Nom'), 'Ndiaye');
    await user.type(field('Mot de passe'), 'secret1');
    await user.type(field('Confirmer le mot de passe'), 'secret1');
    await user.click(createButton());
    await expectToast(joined);
    expect(api.callsTo('POST', '/invitations/accept')[0]?.body).toEqual({
      token_invitation: token,
      prenom: 'Fatou',
      nom: 'Ndiaye',
      mot_de_passe: 'secret1',
    });
    expect(localStorage.getItem('auth_token')).toMatch(/^session-/);
    expect(await screen.findByRole('heading', { name: `Page ${projectPath}` })).toBeVisible();
    expect(location().pathname).toBe(projectPath);
  });

  it('tells an existing account it will be added, then sends an anonymous visitor to /login', async () => {
    const { user, api, location } = renderInvitation(existing);
    api.on('POST', '/invitations/accept', {
      body: { message: joined, projet_id: buildInvitationInfo().projet_id, user_created: false },
    });
    expect(await screen.findByText(/sera ajouté automatiquement au projet/)).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Accepter l'invitation" }));
    expect(await screen.findByRole('heading', { name: 'Page /login' })).toBeVisible();
    expect(api.callsTo('POST', '/invitations/accept')[0]?.body).toEqual({
      token_invitation: token,
    });
    expect(location().state).toEqual({
      message: `${joined} ${projectSuccess.invitationLoginPrompt}`,
      email: 'fatou.ndiaye@example.sn',
    });
  });

  it('opens the project at once when the invitee is the one signed in', async () => {
    session.start();
    const { user, api, location } = renderInvitation(existing, (api) =>
      api.on('GET', '/users/me', { body: buildUser({ email: 'Fatou.Ndiaye@example.sn' }) }),
    );
    api.on('POST', '/invitations/accept', {
      body: { message: joined, projet_id: buildInvitationInfo().projet_id, user_created: false },
    });
    await user.click(await screen.findByRole('button', { name: "Accepter l'invitation" }));
    await expectToast(joined);
    expect(location().pathname).toBe(projectPath);
  });

  it('says clearly when the link is invalid or expired, with a way home', async () => {
    const detail = "Cette invitation n'existe pas, a expiré ou a déjà été utilisée.";
    renderInvitation({ status: 404, body: { detail } });
    expect(
      await screen.findByRole('heading', { name: projectErrors.invitationInvalid }),
    ).toBeVisible();
    expect(screen.getByText(detail)).toBeVisible();
    expect(screen.getByRole('link', { name: /Retour à l'accueil/ })).toHaveAttribute('href', '/');
  });
});
