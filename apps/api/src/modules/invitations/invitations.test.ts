import type {
  AcceptInvitationResult,
  InvitationInfo,
  PendingInvitation,
  Project,
  ProjectMember,
} from '@nuage/shared/api-types';
import { serverDetails, validation } from '@nuage/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema/projects';
import { clientFolders, users } from '../../db/schema/users';
import {
  call,
  createVerifiedUser,
  loginAs,
  registerUser,
  uniqueEmail,
  type TestUser,
} from '../../../test/helpers/factories';
import {
  API,
  createProject,
  expectDetail,
  expectIssue,
  expireInvitation,
  freshIp,
  inviteByEmail,
  listMembers,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const NOT_FOUND = "Cette invitation n'existe pas, a expiré ou a déjà été utilisée.";
const DAY_MS = 24 * 3600_000;

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createVerifiedUser(t, { prenom: 'Khady', nom: 'Ndiaye' });
});
afterAll(() => t.close());

const info = (token: string) =>
  call(t, 'GET', `${API}/invitations/${encodeURIComponent(token)}`, { ip: freshIp() });
const accept = (body: Record<string, unknown>) =>
  call(t, 'POST', `${API}/invitations/accept`, { ip: freshIp(), body });
const newAccount = { prenom: 'Moussa', nom: 'Ba', mot_de_passe: 'nouveau-secret' };

/** A fresh project and an invitation to an address that has no account yet. */
async function invitation(
  role: 'user' | 'developer' | 'admin' = 'developer',
  projectName = 'Portail client',
) {
  const project = await createProject(t, admin.token, { nom: projectName });
  const email = uniqueEmail('invite');
  const sent = await inviteByEmail(t, admin.token, project.id, email, role);
  return { project, email, ...sent };
}

async function memberRole(projectId: string, email: string) {
  const members = await listMembers(t, admin.token, projectId);
  return members.find((m) => m.email === email)?.role_projet;
}

async function accountsWithEmail(email: string) {
  return t.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

describe('GET /invitations/{token}', () => {
  it('is public and shows the project, e-mail, role, expiry and whether an account exists', async () => {
    const { project, email, token } = await invitation('user', 'Portail RH');
    const res = await info(token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<InvitationInfo>();
    expect(body).toEqual({
      projet_id: project.id,
      project_name: 'Portail RH',
      email,
      role: 'user',
      expires_at: expect.any(String),
      user_exists: false,
    });
    const expiresIn = Date.parse(body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS);
    // With a trailing slash too.
    expect(
      (await call(t, 'GET', `${API}/invitations/${token}/`, { ip: freshIp() })).statusCode,
    ).toBe(200);
  });

  it('says user_exists once the invitee has a verified account, and not for a never-verified one', async () => {
    const { email, token } = await invitation();
    await registerUser(t, { email });
    expect((await info(token)).json<InvitationInfo>().user_exists).toBe(false);

    const other = await invitation();
    await createVerifiedUser(t, { email: other.email });
    expect((await info(other.token)).json<InvitationInfo>().user_exists).toBe(true);
  });

  it('answers a French 404 for an unknown, expired or used token', async () => {
    expectDetail(await info('inconnu'), 404, NOT_FOUND);
    expectDetail(await info('A'.repeat(43)), 404, NOT_FOUND);

    const expired = await invitation();
    await expireInvitation(t, expired.invitationId);
    expectDetail(await info(expired.token), 404, NOT_FOUND);

    const used = await invitation();
    expect((await accept({ token_invitation: used.token, ...newAccount })).statusCode).toBe(200);
    expectDetail(await info(used.token), 404, NOT_FOUND);
  });

  it('limits guesses from one address', async () => {
    const ip = '10.200.200.200';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await call(t, 'GET', `${API}/invitations/essai-${i}`, { ip })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expectDetail(
      await call(t, 'GET', `${API}/invitations/encore`, { ip }),
      429,
      serverDetails.tooManyRequests,
    );
    // Another address is not affected.
    expect((await call(t, 'GET', `${API}/invitations/encore`, { ip: freshIp() })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /invitations/accept', () => {
  it('answers 422 without a token', async () => {
    expectIssue(
      await accept({}),
      ['body', 'token_invitation'],
      "Le lien d'invitation est incomplet",
    );
    expectIssue(
      await accept({ token_invitation: '  ' }),
      ['body', 'token_invitation'],
      "Le lien d'invitation est incomplet",
    );
  });

  it('answers a French 404 for an unknown token', async () => {
    expectDetail(await accept({ token_invitation: 'inconnu', ...newAccount }), 404, NOT_FOUND);
  });

  it.each([
    { missing: 'prenom', msg: validation.prenomRequired },
    { missing: 'nom', msg: validation.nomRequired },
    { missing: 'mot_de_passe', msg: validation.passwordRequired },
  ])(
    'without an account, answers 422 when $missing is missing, and the invitation stays usable',
    async ({ missing, msg }) => {
      const { token, email } = await invitation();
      const body: Record<string, unknown> = { token_invitation: token, ...newAccount };
      delete body[missing];
      expectIssue(await accept(body), ['body', missing], msg);
      expect(await accountsWithEmail(email)).toEqual([]);
      expect((await info(token)).statusCode).toBe(200);
    },
  );

  it('without an account, lists every missing field at once', async () => {
    const { token } = await invitation();
    const res = await accept({ token_invitation: token });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: unknown[] }>().detail).toEqual([
      { loc: ['body', 'prenom'], msg: 'Le prénom est requis', type: 'missing' },
      { loc: ['body', 'nom'], msg: 'Le nom est requis', type: 'missing' },
      { loc: ['body', 'mot_de_passe'], msg: 'Le mot de passe est requis', type: 'missing' },
    ]);
  });

  it('answers 422 for a password shorter than 6 characters or blank names', async () => {
    const { token } = await invitation();
    expectIssue(
      await accept({ token_invitation: token, ...newAccount, mot_de_passe: '12345' }),
      ['body', 'mot_de_passe'],
      validation.passwordMin6,
    );
    expectIssue(
      await accept({ token_invitation: token, ...newAccount, prenom: '  ' }),
      ['body', 'prenom'],
      validation.prenomRequired,
    );
    expectIssue(
      await accept({ token_invitation: token, ...newAccount, nom: '' }),
      ['body', 'nom'],
      validation.nomRequired,
    );
    expect((await info(token)).statusCode).toBe(200);
  });

  it('without an account, creates a verified account with the invited role and signs it in', async () => {
    const { project, email, token } = await invitation('developer', 'Intranet');
    const res = await accept({ token_invitation: token, ...newAccount });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AcceptInvitationResult>();
    expect(body).toEqual({
      message: 'Vous avez rejoint le projet « Intranet ».',
      projet_id: project.id,
      user_created: true,
      access_token: expect.any(String),
    });

    const me = await call(t, 'GET', `${API}/users/me`, { token: body.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, prenom: 'Moussa', nom: 'Ba' });
    const seen = await call(t, 'GET', `${API}/projects/${project.id}`, {
      token: body.access_token,
    });
    expect(seen.json<Project>().role_projet).toBe('developer');
    expect(await memberRole(project.id, email)).toBe('developer');

    // A real, verified account: it logs in with the chosen password and has its client folder.
    await loginAs(t, email, newAccount.mot_de_passe);
    const [account] = await accountsWithEmail(email);
    expect(account!.verifiedAt).not.toBeNull();
    expect(account!.passwordHash).not.toContain(newAccount.mot_de_passe);
    expect(
      await t.database.db.select().from(clientFolders).where(eq(clientFolders.userId, account!.id)),
    ).toHaveLength(1);
    expect(t.logs.text).not.toContain(token);
    expect(t.logs.text).not.toContain(newAccount.mot_de_passe);
  });

  it('is used once: a second accept answers 404', async () => {
    const { token, project } = await invitation();
    expect((await accept({ token_invitation: token, ...newAccount })).statusCode).toBe(200);
    expectDetail(
      await accept({ token_invitation: token, ...newAccount, mot_de_passe: 'autre-secret' }),
      404,
      NOT_FOUND,
    );
    expect((await listMembers(t, admin.token, project.id)).length).toBe(2);
  });

  it('answers 404 for an expired invitation', async () => {
    const { token, invitationId, email } = await invitation();
    await expireInvitation(t, invitationId);
    expectDetail(await accept({ token_invitation: token, ...newAccount }), 404, NOT_FOUND);
    expect(await accountsWithEmail(email)).toEqual([]);
  });

  it('adds an existing verified account without signing it in, and never touches its password', async () => {
    const { project, email, token } = await invitation('user');
    const invitee = await createVerifiedUser(t, {
      email,
      password: 'mon-vrai-secret',
      prenom: 'Aïssatou',
      nom: 'Kane',
    });

    const res = await accept({
      token_invitation: token,
      prenom: 'Pirate',
      nom: 'X',
      mot_de_passe: 'pris-par-le-lien',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AcceptInvitationResult>();
    expect(body).toEqual({
      message: expect.any(String),
      projet_id: project.id,
      user_created: false,
    });
    expect(body).not.toHaveProperty('access_token');

    expect(await memberRole(project.id, email)).toBe('user');
    await loginAs(t, email, 'mon-vrai-secret');
    const wrong = await call(t, 'POST', `${API}/auth/login`, {
      body: { email, mot_de_passe: 'pris-par-le-lien' },
    });
    expect(wrong.statusCode).toBe(401);
    // Its session still works and its names are unchanged.
    const me = await call(t, 'GET', `${API}/users/me`, { token: invitee.token });
    expect(me.json()).toMatchObject({ prenom: 'Aïssatou', nom: 'Kane' });
  });

  it('treats a never-verified account as no account: the invitee must set a password, the old one stops working', async () => {
    const { project, email, token } = await invitation('developer');
    await registerUser(t, { email, password: 'ancien-secret', prenom: 'Ancien', nom: 'Nom' });

    const missing = await accept({ token_invitation: token });
    expect(missing.statusCode).toBe(422);

    const res = await accept({ token_invitation: token, ...newAccount });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AcceptInvitationResult>();
    expect(body.user_created).toBe(true);
    expect(body.access_token).toEqual(expect.any(String));
    expect(
      (await call(t, 'GET', `${API}/users/me`, { token: body.access_token })).json(),
    ).toMatchObject({
      email,
      prenom: 'Moussa',
      nom: 'Ba',
    });

    expect(await accountsWithEmail(email)).toHaveLength(1);
    const old = await call(t, 'POST', `${API}/auth/login`, {
      body: { email, mot_de_passe: 'ancien-secret' },
    });
    expect(old.statusCode).toBe(401);
    await loginAs(t, email, newAccount.mot_de_passe);
    expect(await memberRole(project.id, email)).toBe('developer');
  });

  it('accepts once when the same link is used twice at the same time', async () => {
    const { token, email, project } = await invitation();
    const results = await Promise.all([
      accept({ token_invitation: token, ...newAccount }),
      accept({ token_invitation: token, ...newAccount, prenom: 'Second' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await accountsWithEmail(email)).toHaveLength(1);
    const members = await listMembers(t, admin.token, project.id);
    expect(members.filter((m) => m.email === email)).toHaveLength(1);
  });

  it('leaves an existing membership and its role alone', async () => {
    const { project, email, token } = await invitation('user');
    const person = await createVerifiedUser(t, { email });
    // A member with another role already (joined meanwhile) when the link is used.
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: person.id, role: 'admin' });
    const res = await accept({ token_invitation: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRole(project.id, email)).toBe('admin');
    expect(
      await t.database.db
        .select()
        .from(projectMembers)
        .where(eq(projectMembers.projectId, project.id)),
    ).toHaveLength(2);
  });
});

describe('GET /invitations/pending and POST /invitations/pending/{id}/accept', () => {
  it('answer 401 without a token', async () => {
    expectDetail(
      await call(t, 'GET', `${API}/invitations/pending`),
      401,
      serverDetails.notAuthenticated,
    );
    const { invitationId } = await invitation();
    expectDetail(
      await call(t, 'POST', `${API}/invitations/pending/${invitationId}/accept`),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it("list only the caller's open invitations", async () => {
    const email = uniqueEmail('attente');
    const first = await createProject(t, admin.token, { nom: 'Projet A' });
    const second = await createProject(t, admin.token, { nom: 'Projet B' });
    const third = await createProject(t, admin.token, { nom: 'Projet C' });
    const a = await inviteByEmail(t, admin.token, first.id, email, 'user');
    const b = await inviteByEmail(t, admin.token, second.id, email, 'admin');
    const expired = await inviteByEmail(t, admin.token, third.id, email, 'user');
    await expireInvitation(t, expired.invitationId);
    await invitation(); // someone else's
    const invitee = await createVerifiedUser(t, { email });

    const res = await call(t, 'GET', `${API}/invitations/pending/`, { token: invitee.token });
    expect(res.statusCode).toBe(200);
    expect(res.json<PendingInvitation[]>()).toEqual([
      {
        id: a.invitationId,
        projet_id: first.id,
        project_name: 'Projet A',
        role: 'user',
        expires_at: expect.any(String),
        invited_by: 'Khady Ndiaye',
      },
      {
        id: b.invitationId,
        projet_id: second.id,
        project_name: 'Projet B',
        role: 'admin',
        expires_at: expect.any(String),
        invited_by: 'Khady Ndiaye',
      },
    ]);
    const nobody = await createVerifiedUser(t);
    expect(
      (await call(t, 'GET', `${API}/invitations/pending`, { token: nobody.token })).json(),
    ).toEqual([]);
  });

  it("accept one of the caller's invitations; nobody else can accept it", async () => {
    const { project, email, invitationId, token } = await invitation(
      'developer',
      'Espace partenaires',
    );
    const invitee = await createVerifiedUser(t, { email });
    const stranger = await createVerifiedUser(t);
    const url = `${API}/invitations/pending/${invitationId}/accept`;

    expectDetail(await call(t, 'POST', url, { token: stranger.token }), 404, NOT_FOUND);
    expectDetail(await call(t, 'POST', url, { token: admin.token }), 404, NOT_FOUND);
    expectDetail(
      await call(t, 'GET', `${API}/projects/${project.id}`, { token: stranger.token }),
      404,
      'Projet non trouvé',
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      expectDetail(
        await call(t, 'POST', `${API}/invitations/pending/${id}/accept`, { token: invitee.token }),
        404,
        NOT_FOUND,
      );
    }

    const res = await call(t, 'POST', url, { token: invitee.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AcceptInvitationResult>()).toEqual({
      message: 'Vous avez rejoint le projet « Espace partenaires ».',
      projet_id: project.id,
      user_created: false,
    });
    const seen = await call(t, 'GET', `${API}/projects/${project.id}`, { token: invitee.token });
    expect(seen.json<Project>().role_projet).toBe('developer');
    const members = (
      await call(t, 'GET', `${API}/projects/${project.id}/members`, { token: invitee.token })
    ).json<ProjectMember[]>();
    expect(members.map((m) => m.email)).toContain(email);

    // Used once, whichever way.
    expectDetail(await call(t, 'POST', url, { token: invitee.token }), 404, NOT_FOUND);
    expect(
      (await call(t, 'GET', `${API}/invitations/pending`, { token: invitee.token })).json(),
    ).toEqual([]);
    expectDetail(await info(token), 404, NOT_FOUND);
  });

  it('refuse an expired invitation', async () => {
    const { email, invitationId } = await invitation();
    const invitee = await createVerifiedUser(t, { email });
    await expireInvitation(t, invitationId);
    expectDetail(
      await call(t, 'POST', `${API}/invitations/pending/${invitationId}/accept`, {
        token: invitee.token,
      }),
      404,
      NOT_FOUND,
    );
  });
});
