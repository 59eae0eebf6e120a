import type {
  AddMemberResult,
  InvitationInfo,
  Project,
  ProjectInvitation,
  ProjectMember,
} from '@nuage/shared/api-types';
import { invitationLimits } from '@nuage/shared/account-limits';
import { serverDetails, validation } from '@nuage/shared/messages';
import { accountTexts } from '@nuage/shared/security-messages';
import { ageInvitationLimits } from '../../../test/helpers/clock';
import { projectMessages } from '@nuage/shared/schemas/projects';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../db/schema/projects';
import {
  call,
  createVerifiedUser,
  registerUser,
  uniqueEmail,
} from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createProject,
  createTeamProject,
  createTeamUsers,
  expectDetail,
  expectIssue,
  expireInvitation,
  freshIp,
  inviteByEmail,
  listMembers,
  mailedInvitationToken,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const ADMIN_ONLY = 'Action réservée aux administrateurs du projet.';
const NOT_FOUND = 'Projet non trouvé';
const MEMBER_NOT_FOUND = 'Membre non trouvé dans ce projet.';
const INVITATION_NOT_FOUND = "Cette invitation n'existe pas, a expiré ou a déjà été utilisée.";
const LAST_ADMIN =
  'Le projet doit garder au moins un administrateur : nommez-en un autre avant de retirer ou rétrograder celui-ci.';
const ALREADY_MEMBER = 'Cette personne est déjà membre du projet.';
const ALREADY_INVITED = 'Une invitation est déjà en attente pour cette adresse email.';
const MAIL_FAILED =
  "L'email n'a pas pu être envoyé pour le moment. Veuillez réessayer dans quelques instants.";
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 3600_000;

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeamUsers(t);
});
afterAll(() => t.close());

const membersUrl = (projectId: string) => `${API}/projects/${projectId}/members`;
const memberUrl = (projectId: string, memberId: string) =>
  `${API}/projects/${projectId}/members/${memberId}`;

function invite(projectId: string, token: string, email: string, role = 'developer') {
  return call(t, 'POST', membersUrl(projectId), {
    token,
    body: { email_utilisateur_invite: email, role_projet: role },
  });
}

async function roleOf(projectId: string, userId: string) {
  const members = await listMembers(t, team.admin.token, projectId);
  return members.find((m) => m.user_id === userId)?.role_projet;
}

describe('GET /projects/{id}/members', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    expectDetail(await call(t, 'GET', membersUrl(project.id)), 401, serverDetails.notAuthenticated);
  });

  it('answers 404 to a non-member and for an unknown project', async () => {
    const project = await createProject(t, team.admin.token);
    for (const id of [project.id, UNKNOWN_ID, 'x']) {
      expectDetail(
        await call(t, 'GET', membersUrl(id), { token: team.outsider.token }),
        404,
        NOT_FOUND,
      );
    }
  });

  it('lists every member with names, e-mail and role, oldest first, to any member', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    const expected: ProjectMember[] = [
      {
        id: memberIds.admin,
        user_id: team.admin.id,
        prenom: 'Aminata',
        nom: 'Admin',
        email: team.admin.email,
        role_projet: 'admin',
        date_ajout: expect.any(String),
      },
      {
        id: memberIds.developer,
        user_id: team.developer.id,
        prenom: 'Didier',
        nom: 'Dev',
        email: team.developer.email,
        role_projet: 'developer',
        date_ajout: expect.any(String),
      },
      {
        id: memberIds.user,
        user_id: team.user.id,
        prenom: 'Ursule',
        nom: 'User',
        email: team.user.email,
        role_projet: 'user',
        date_ajout: expect.any(String),
      },
    ];
    for (const who of [team.admin, team.developer, team.user]) {
      const res = await call(t, 'GET', `${membersUrl(project.id)}/`, { token: who.token });
      expect(res.statusCode).toBe(200);
      expect(res.json<ProjectMember[]>()).toEqual(expected);
    }
  });
});

describe('POST /projects/{id}/members', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const res = await call(t, 'POST', membersUrl(project.id), {
      body: { email_utilisateur_invite: uniqueEmail(), role_projet: 'user' },
    });
    expectDetail(res, 401, serverDetails.notAuthenticated);
  });

  it.each([
    {
      name: 'e-mail missing',
      body: { role_projet: 'user' },
      field: 'email_utilisateur_invite',
      msg: validation.emailRequired,
    },
    {
      name: 'e-mail blank',
      body: { email_utilisateur_invite: '  ', role_projet: 'user' },
      field: 'email_utilisateur_invite',
      msg: "L'email est requis",
    },
    {
      name: 'e-mail malformed',
      body: { email_utilisateur_invite: 'pas-un-email', role_projet: 'user' },
      field: 'email_utilisateur_invite',
      msg: 'Adresse email invalide',
    },
    {
      name: 'e-mail with a space',
      body: { email_utilisateur_invite: 'a b@exemple.sn', role_projet: 'user' },
      field: 'email_utilisateur_invite',
      msg: 'Adresse email invalide',
    },
    {
      name: 'role unknown',
      body: { email_utilisateur_invite: 'x@exemple.sn', role_projet: 'owner' },
      field: 'role_projet',
      msg: projectMessages.roleInvalid,
    },
    {
      name: 'role missing',
      body: { email_utilisateur_invite: 'x@exemple.sn' },
      field: 'role_projet',
      msg: projectMessages.roleRequired,
    },
  ])('answers 422 when $name, and sends nothing', async ({ body, field, msg }) => {
    const project = await createProject(t, team.admin.token);
    const mails = t.mailer.sent.length;
    const res = await call(t, 'POST', membersUrl(project.id), { token: team.admin.token, body });
    expectIssue(res, ['body', field], msg);
    expect(t.mailer.sent.length).toBe(mails);
  });

  it('answers 403 to a developer and a user, and adds or mails no one', async () => {
    const { project } = await createTeamProject(t, team);
    const stranger = await createVerifiedUser(t);
    const newcomer = uniqueEmail('nouveau');
    for (const who of [team.developer, team.user]) {
      expectDetail(await invite(project.id, who.token, stranger.email), 403, ADMIN_ONLY);
      expectDetail(await invite(project.id, who.token, newcomer), 403, ADMIN_ONLY);
    }
    expect(
      (await listMembers(t, team.admin.token, project.id)).map((m) => m.user_id),
    ).not.toContain(stranger.id);
    expect(t.mailer.lastTo(newcomer)).toBeUndefined();
  });

  it('answers 404 to a non-member', async () => {
    const project = await createProject(t, team.admin.token);
    expectDetail(await invite(project.id, team.outsider.token, uniqueEmail()), 404, NOT_FOUND);
    expectDetail(await invite(UNKNOWN_ID, team.admin.token, uniqueEmail()), 404, NOT_FOUND);
  });

  // The probe's finding: an existing account was added at once, without consent, and the answer
  // gave its name. Now the answer is the same as for an unknown address, and nobody joins
  // before accepting (the account sees the invitation in the app and by mail).
  it('invites an existing account exactly like an unknown address: nobody joins before accepting', async () => {
    const project = await createProject(t, team.admin.token, { nom: 'Projet Secret' });
    const colleague = await createVerifiedUser(t, { prenom: 'Fatou', nom: 'Sarr' });
    const unknown = uniqueEmail('personne');
    const shape = (res: Awaited<ReturnType<typeof invite>>) => {
      const body = res.json<Record<string, Record<string, unknown>>>();
      return {
        status: res.statusCode,
        keys: Object.keys(body).sort(),
        invitationKeys: Object.keys(body.invitation ?? {}).sort(),
        type: body.type,
        message: body.message,
      };
    };
    const existing = await invite(
      project.id,
      team.admin.token,
      colleague.email.toUpperCase(),
      'developer',
    );
    const fresh = await invite(project.id, team.admin.token, unknown, 'developer');
    expect(shape(existing)).toEqual(shape(fresh));
    expect(existing.json()).toMatchObject({ type: 'invitation_sent' });
    expect(existing.body).not.toContain('Fatou');
    expect(existing.body).not.toContain(colleague.id);

    // Not a member yet: the project stays invisible to them.
    const before = await call(t, 'GET', `${API}/projects/${project.id}`, {
      token: colleague.token,
    });
    expect(before.statusCode).toBe(404);
    // They are told by mail and in the app, and join only by accepting.
    expect(t.mailer.lastTo(colleague.email)?.text).toContain('Projet Secret');
    const pending = await call(t, 'GET', `${API}/invitations/pending`, { token: colleague.token });
    const mine = pending.json<{ id: string; projet_id: string; role: string }[]>();
    expect(mine).toEqual([expect.objectContaining({ projet_id: project.id, role: 'developer' })]);
    const accept = await call(t, 'POST', `${API}/invitations/pending/${mine[0]!.id}/accept`, {
      token: colleague.token,
    });
    expect(accept.statusCode).toBe(200);
    const seen = await call(t, 'GET', `${API}/projects/${project.id}`, { token: colleague.token });
    expect(seen.json<Project>().role_projet).toBe('developer');
  });

  it('limits invitations per project and per inviter (the probe sent 40 in a row)', async () => {
    const project = await createProject(t, team.admin.token);
    await ageInvitationLimits(t);
    const statuses: number[] = [];
    for (let i = 0; i < invitationLimits.perProjectPerHour + 2; i++)
      statuses.push((await invite(project.id, team.admin.token, uniqueEmail('flot'))).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(invitationLimits.perProjectPerHour);
    const refused = await invite(project.id, team.admin.token, uniqueEmail('flot'));
    expectDetail(refused, 429, accountTexts.invitationsTooManyProject);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another project of the same admin is held by the per-inviter limit (30 a day).
    const other = await createProject(t, team.admin.token);
    const more: number[] = [];
    for (let i = 0; i < 12; i++)
      more.push((await invite(other.id, team.admin.token, uniqueEmail('flot'))).statusCode);
    expect(more.filter((s) => s === 201)).toHaveLength(
      invitationLimits.perInviterPerDay - invitationLimits.perProjectPerHour,
    );
    expect(more.at(-1)).toBe(429);
    await ageInvitationLimits(t);
  });

  it('invites an address without an account: invitation_sent, a French mail with the link, a hashed 7-day token', async () => {
    const project = await createProject(t, team.admin.token, { nom: 'Boutique Dakar' });
    const email = uniqueEmail('invite');
    const res = await invite(project.id, team.admin.token, email, 'user');
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<AddMemberResult>();
    expect(result).toEqual({
      type: 'invitation_sent',
      message: accountTexts.invitationSent,
      invitation: {
        id: expect.any(String),
        email,
        role_projet: 'user',
        expires_at: expect.any(String),
        date_creation: expect.any(String),
      },
    });
    if (result.type !== 'invitation_sent') throw new Error('unreachable');
    const expiresIn = Date.parse(result.invitation.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * DAY_MS);

    const mail = t.mailer.lastTo(email)!;
    expect(mail.subject).toBe(
      'Invitation à rejoindre le projet « Boutique Dakar » sur NuageDeploy',
    );
    expect(mail.text).toContain(
      'Aminata Admin vous invite à rejoindre le projet « Boutique Dakar »',
    );
    expect(mail.text).toContain('avec le rôle Utilisateur');
    expect(mail.text).toContain('valable 7 jours');
    const link = t.mailer.linkFor(email);
    expect(`${link.origin}`).toBe('http://plateforme.test');
    expect(link.pathname).toMatch(/^\/invitations\/[A-Za-z0-9_-]{43}$/);
    const token = mailedInvitationToken(t, email);
    expect(mail.html).toContain(`http://plateforme.test/invitations/${token}`);

    // The database keeps only a hash of the token; no column holds the token itself.
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, result.invitation.id));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.toISOString()).toBe(result.invitation.expires_at);
    // Nor does any log line.
    expect(t.logs.text).not.toContain(token);

    // The link works: it shows the invitation.
    const info = await call(t, 'GET', `${API}/invitations/${token}`, { ip: freshIp() });
    expect(info.statusCode).toBe(200);
    expect(info.json<InvitationInfo>()).toMatchObject({
      project_name: 'Boutique Dakar',
      email,
      role: 'user',
    });
  });

  it('keeps project and inviter names from changing the structure of the mail', async () => {
    const project = await createProject(t, team.admin.token, {
      nom: '<img src=x onerror=alert(1)> & "Cie"',
    });
    const email = uniqueEmail('html');
    const { token } = await inviteByEmail(t, team.admin.token, project.id, email);
    const mail = t.mailer.lastTo(email)!;
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Cie&quot;');
    expect(mail.text).toContain('« <img src=x onerror=alert(1)> & "Cie" »');
    expect(mailedInvitationToken(t, email)).toBe(token);
  });

  it('treats a registered but never verified address as having no account: it is invited, not added', async () => {
    const project = await createProject(t, team.admin.token);
    const pending = await registerUser(t);
    const res = await invite(project.id, team.admin.token, pending.email, 'developer');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AddMemberResult>().type).toBe('invitation_sent');
    expect(t.mailer.linkFor(pending.email).pathname).toMatch(/^\/invitations\//);
    expect((await listMembers(t, team.admin.token, project.id)).map((m) => m.email)).not.toContain(
      pending.email,
    );
  });

  it('answers a French 409 for someone already a member, and adds nothing', async () => {
    const { project } = await createTeamProject(t, team);
    expectDetail(
      await invite(project.id, team.admin.token, team.developer.email, 'admin'),
      409,
      ALREADY_MEMBER,
    );
    expectDetail(
      await invite(project.id, team.admin.token, team.admin.email, 'user'),
      409,
      ALREADY_MEMBER,
    );
    expect(await roleOf(project.id, team.developer.id)).toBe('developer');
    expect(await roleOf(project.id, team.admin.id)).toBe('admin');
  });

  it('answers a French 409 for an address already invited, and mails nothing more', async () => {
    const project = await createProject(t, team.admin.token);
    const email = uniqueEmail('deja');
    await inviteByEmail(t, team.admin.token, project.id, email);
    const mails = t.mailer.sent.length;
    expectDetail(
      await invite(project.id, team.admin.token, email.toUpperCase(), 'admin'),
      409,
      ALREADY_INVITED,
    );
    expect(t.mailer.sent.length).toBe(mails);
    // The same address may be invited to another project.
    const other = await createProject(t, team.admin.token);
    expect((await invite(other.id, team.admin.token, email)).statusCode).toBe(201);
  });

  it('allows inviting again once the invitation expired; the old link no longer works', async () => {
    const project = await createProject(t, team.admin.token);
    const email = uniqueEmail('expire');
    const first = await inviteByEmail(t, team.admin.token, project.id, email, 'user');
    await expireInvitation(t, first.invitationId);
    expectDetail(
      await call(t, 'GET', `${API}/invitations/${first.token}`, { ip: freshIp() }),
      404,
      INVITATION_NOT_FOUND,
    );

    const again = await invite(project.id, team.admin.token, email, 'developer');
    expect(again.statusCode, again.body).toBe(201);
    const second = mailedInvitationToken(t, email);
    expect(second).not.toBe(first.token);
    const info = await call(t, 'GET', `${API}/invitations/${second}`, { ip: freshIp() });
    expect(info.json<InvitationInfo>().role).toBe('developer');
    expectDetail(
      await call(t, 'GET', `${API}/invitations/${first.token}`, { ip: freshIp() }),
      404,
      INVITATION_NOT_FOUND,
    );
  });

  it('answers 503 when the mail cannot be sent, keeps no invitation, and a retry works', async () => {
    const project = await createProject(t, team.admin.token);
    const email = uniqueEmail('panne');
    t.mailer.failNext = 1;
    expectDetail(await invite(project.id, team.admin.token, email), 503, MAIL_FAILED);
    const open = await call(t, 'GET', `${API}/projects/${project.id}/invitations`, {
      token: team.admin.token,
    });
    expect(open.json<ProjectInvitation[]>()).toEqual([]);
    const retry = await invite(project.id, team.admin.token, email);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<AddMemberResult>().type).toBe('invitation_sent');
  });
});

describe('PUT /projects/{id}/members/{memberId}', () => {
  it('answers 401 without a token', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    const res = await call(t, 'PUT', memberUrl(project.id, memberIds.user), {
      body: { role_projet: 'admin' },
    });
    expectDetail(res, 401, serverDetails.notAuthenticated);
  });

  it.each([
    { name: 'role unknown', body: { role_projet: 'superadmin' }, msg: projectMessages.roleInvalid },
    { name: 'role missing', body: {}, msg: projectMessages.roleRequired },
    { name: 'role of the wrong type', body: { role_projet: 2 }, msg: projectMessages.roleInvalid },
  ])('answers 422 when $name', async ({ body, msg }) => {
    const { project, memberIds } = await createTeamProject(t, team);
    const res = await call(t, 'PUT', memberUrl(project.id, memberIds.user), {
      token: team.admin.token,
      body,
    });
    expectIssue(res, ['body', 'role_projet'], msg);
    expect(await roleOf(project.id, team.user.id)).toBe('user');
  });

  it('answers 403 to a developer and a user, even to promote themselves', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    for (const [who, target] of [
      [team.developer, memberIds.user],
      [team.developer, memberIds.developer],
      [team.user, memberIds.user],
      [team.user, memberIds.admin],
    ] as const) {
      const res = await call(t, 'PUT', memberUrl(project.id, target), {
        token: who.token,
        body: { role_projet: 'admin' },
      });
      expectDetail(res, 403, ADMIN_ONLY);
    }
    expect(await roleOf(project.id, team.user.id)).toBe('user');
    expect(await roleOf(project.id, team.developer.id)).toBe('developer');
  });

  it('answers 404 to a non-member, and for a member id of another project or unknown', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    const res = await call(t, 'PUT', memberUrl(project.id, memberIds.user), {
      token: team.outsider.token,
      body: { role_projet: 'admin' },
    });
    expectDetail(res, 404, NOT_FOUND);

    const other = await createTeamProject(t, team);
    for (const id of [other.memberIds.user, UNKNOWN_ID, 'abc']) {
      const r = await call(t, 'PUT', memberUrl(project.id, id), {
        token: team.admin.token,
        body: { role_projet: 'admin' },
      });
      expectDetail(r, 404, MEMBER_NOT_FOUND);
    }
    expect(await roleOf(other.project.id, team.user.id)).toBe('user');
  });

  it("changes a member's role, and the new rights apply at once", async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    const denied = await call(t, 'POST', `${API}/environments/${project.id}/environments`, {
      token: team.user.token,
      body: { nom: 'Dev', type: 'dev' },
    });
    expect(denied.statusCode).toBe(403);

    const res = await call(t, 'PUT', `${memberUrl(project.id, memberIds.user)}/`, {
      token: team.admin.token,
      body: { role_projet: 'developer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProjectMember>()).toMatchObject({
      id: memberIds.user,
      user_id: team.user.id,
      role_projet: 'developer',
    });
    expect(await roleOf(project.id, team.user.id)).toBe('developer');
    await createEnvironment(t, team.user.token, project.id, { nom: 'Dev', type: 'dev' });
  });

  it('refuses to demote the last admin, until another admin exists', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    for (const role of ['developer', 'user']) {
      const res = await call(t, 'PUT', memberUrl(project.id, memberIds.admin), {
        token: team.admin.token,
        body: { role_projet: role },
      });
      expectDetail(res, 400, LAST_ADMIN);
    }
    expect(await roleOf(project.id, team.admin.id)).toBe('admin');
    // Keeping the admin an admin is no demotion.
    const same = await call(t, 'PUT', memberUrl(project.id, memberIds.admin), {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    expect(same.statusCode).toBe(200);

    const promote = await call(t, 'PUT', memberUrl(project.id, memberIds.developer), {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    expect(promote.statusCode).toBe(200);
    const demote = await call(t, 'PUT', memberUrl(project.id, memberIds.admin), {
      token: team.admin.token,
      body: { role_projet: 'user' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await roleOf(project.id, team.admin.id)).toBe('user');
    // Now the developer-turned-admin is the last one.
    const last = await call(t, 'PUT', memberUrl(project.id, memberIds.developer), {
      token: team.developer.token,
      body: { role_projet: 'developer' },
    });
    expectDetail(last, 400, LAST_ADMIN);
  });
});

describe('DELETE /projects/{id}/members/{memberId}', () => {
  it('answers 401 without a token', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    expectDetail(
      await call(t, 'DELETE', memberUrl(project.id, memberIds.user)),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it('answers 403 to a developer or a user removing someone else', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    for (const [who, target] of [
      [team.developer, memberIds.user],
      [team.developer, memberIds.admin],
      [team.user, memberIds.developer],
    ] as const) {
      expectDetail(
        await call(t, 'DELETE', memberUrl(project.id, target), { token: who.token }),
        403,
        ADMIN_ONLY,
      );
    }
    expect((await listMembers(t, team.admin.token, project.id)).length).toBe(3);
  });

  it('answers 404 to a non-member, and for an unknown member id', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    expectDetail(
      await call(t, 'DELETE', memberUrl(project.id, memberIds.user), {
        token: team.outsider.token,
      }),
      404,
      NOT_FOUND,
    );
    const other = await createTeamProject(t, team);
    for (const id of [other.memberIds.user, UNKNOWN_ID, 'abc']) {
      expectDetail(
        await call(t, 'DELETE', memberUrl(project.id, id), { token: team.admin.token }),
        404,
        MEMBER_NOT_FOUND,
      );
    }
    expect((await listMembers(t, team.admin.token, other.project.id)).length).toBe(3);
  });

  it('lets an admin remove a member, who then no longer sees the project', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    const res = await call(t, 'DELETE', `${memberUrl(project.id, memberIds.developer)}/`, {
      token: team.admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Membre retiré du projet.' });
    expect((await listMembers(t, team.admin.token, project.id)).map((m) => m.user_id)).toEqual([
      team.admin.id,
      team.user.id,
    ]);
    expectDetail(
      await call(t, 'GET', `${API}/projects/${project.id}`, { token: team.developer.token }),
      404,
      NOT_FOUND,
    );
  });

  it('lets any member leave the project', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    for (const [who, id] of [
      [team.user, memberIds.user],
      [team.developer, memberIds.developer],
    ] as const) {
      const res = await call(t, 'DELETE', memberUrl(project.id, id), { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      expectDetail(
        await call(t, 'GET', `${API}/projects/${project.id}`, { token: who.token }),
        404,
        NOT_FOUND,
      );
    }
    expect((await listMembers(t, team.admin.token, project.id)).map((m) => m.user_id)).toEqual([
      team.admin.id,
    ]);
  });

  it('refuses to remove the last admin, even when they leave, until another admin exists', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    expectDetail(
      await call(t, 'DELETE', memberUrl(project.id, memberIds.admin), { token: team.admin.token }),
      400,
      LAST_ADMIN,
    );
    expect(await roleOf(project.id, team.admin.id)).toBe('admin');

    await call(t, 'PUT', memberUrl(project.id, memberIds.user), {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    // Two admins: one may remove the other.
    const removed = await call(t, 'DELETE', memberUrl(project.id, memberIds.admin), {
      token: team.user.token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectDetail(
      await call(t, 'DELETE', memberUrl(project.id, memberIds.user), { token: team.user.token }),
      400,
      LAST_ADMIN,
    );
    expect(
      (await listMembers(t, team.user.token, project.id)).map((m) => [m.user_id, m.role_projet]),
    ).toEqual([
      [team.developer.id, 'developer'],
      [team.user.id, 'admin'],
    ]);
  });
});

describe('the last admin under concurrent changes', () => {
  it('keeps one admin when two admins leave at the same time', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    await call(t, 'PUT', memberUrl(project.id, memberIds.developer), {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    const results = await Promise.all([
      call(t, 'DELETE', memberUrl(project.id, memberIds.admin), { token: team.admin.token }),
      call(t, 'DELETE', memberUrl(project.id, memberIds.developer), {
        token: team.developer.token,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const admins = (await listMembers(t, team.user.token, project.id)).filter(
      (m) => m.role_projet === 'admin',
    );
    expect(admins).toHaveLength(1);
  });

  it('keeps one admin when two admins demote each other at the same time', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    await call(t, 'PUT', memberUrl(project.id, memberIds.developer), {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    const results = await Promise.all([
      call(t, 'PUT', memberUrl(project.id, memberIds.developer), {
        token: team.admin.token,
        body: { role_projet: 'user' },
      }),
      call(t, 'PUT', memberUrl(project.id, memberIds.admin), {
        token: team.developer.token,
        body: { role_projet: 'user' },
      }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    // Whoever goes second has either lost the right to act (403) or would remove the last admin (400).
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const admins = (await listMembers(t, team.user.token, project.id)).filter(
      (m) => m.role_projet === 'admin',
    );
    expect(admins).toHaveLength(1);
  });
});

describe('GET /projects/{id}/invitations and DELETE /projects/{id}/invitations/{invitationId}', () => {
  const listUrl = (projectId: string) => `${API}/projects/${projectId}/invitations`;

  it('answer 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const { invitationId } = await inviteByEmail(t, team.admin.token, project.id, uniqueEmail());
    expectDetail(await call(t, 'GET', listUrl(project.id)), 401, serverDetails.notAuthenticated);
    expectDetail(
      await call(t, 'DELETE', `${listUrl(project.id)}/${invitationId}`),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it('answer 403 to a developer and a user, 404 to a non-member', async () => {
    const { project } = await createTeamProject(t, team);
    const { invitationId, token } = await inviteByEmail(
      t,
      team.admin.token,
      project.id,
      uniqueEmail(),
    );
    for (const who of [team.developer, team.user]) {
      expectDetail(
        await call(t, 'GET', listUrl(project.id), { token: who.token }),
        403,
        ADMIN_ONLY,
      );
      expectDetail(
        await call(t, 'DELETE', `${listUrl(project.id)}/${invitationId}`, { token: who.token }),
        403,
        ADMIN_ONLY,
      );
    }
    expectDetail(
      await call(t, 'GET', listUrl(project.id), { token: team.outsider.token }),
      404,
      NOT_FOUND,
    );
    expectDetail(
      await call(t, 'DELETE', `${listUrl(project.id)}/${invitationId}`, {
        token: team.outsider.token,
      }),
      404,
      NOT_FOUND,
    );
    expect(
      (await call(t, 'GET', `${API}/invitations/${token}`, { ip: freshIp() })).statusCode,
    ).toBe(200);
  });

  it('list the open invitations only (not expired, not used)', async () => {
    const project = await createProject(t, team.admin.token);
    const openEmail = uniqueEmail('ouverte');
    const open = await inviteByEmail(t, team.admin.token, project.id, openEmail, 'user');
    const expired = await inviteByEmail(t, team.admin.token, project.id, uniqueEmail('expiree'));
    await expireInvitation(t, expired.invitationId);
    const used = await inviteByEmail(t, team.admin.token, project.id, uniqueEmail('utilisee'));
    const accepted = await call(t, 'POST', `${API}/invitations/accept`, {
      ip: freshIp(),
      body: {
        token_invitation: used.token,
        prenom: 'Ibrahima',
        nom: 'Fall',
        mot_de_passe: 'secret123',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const res = await call(t, 'GET', `${listUrl(project.id)}/`, { token: team.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProjectInvitation[]>()).toEqual([
      {
        id: open.invitationId,
        email: openEmail,
        role_projet: 'user',
        expires_at: expect.any(String),
        date_creation: expect.any(String),
      },
    ]);
  });

  it('revoke an invitation: its link stops working and the address can be invited again', async () => {
    const project = await createProject(t, team.admin.token);
    const email = uniqueEmail('annulee');
    const { invitationId, token } = await inviteByEmail(t, team.admin.token, project.id, email);

    const res = await call(t, 'DELETE', `${listUrl(project.id)}/${invitationId}/`, {
      token: team.admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation annulée.' });
    expectDetail(
      await call(t, 'GET', `${API}/invitations/${token}`, { ip: freshIp() }),
      404,
      INVITATION_NOT_FOUND,
    );
    const accept = await call(t, 'POST', `${API}/invitations/accept`, {
      ip: freshIp(),
      body: { token_invitation: token, prenom: 'A', nom: 'B', mot_de_passe: 'secret123' },
    });
    expectDetail(accept, 404, INVITATION_NOT_FOUND);
    expectDetail(
      await call(t, 'DELETE', `${listUrl(project.id)}/${invitationId}`, {
        token: team.admin.token,
      }),
      404,
      INVITATION_NOT_FOUND,
    );
    expect((await invite(project.id, team.admin.token, email)).statusCode).toBe(201);
  });

  it("answer 404 when revoking another project's invitation or an unknown id", async () => {
    const project = await createProject(t, team.admin.token);
    const other = await createProject(t, team.admin.token);
    const { invitationId, token } = await inviteByEmail(
      t,
      team.admin.token,
      other.id,
      uniqueEmail(),
    );
    for (const id of [invitationId, UNKNOWN_ID, 'abc']) {
      expectDetail(
        await call(t, 'DELETE', `${listUrl(project.id)}/${id}`, { token: team.admin.token }),
        404,
        INVITATION_NOT_FOUND,
      );
    }
    expect(
      (await call(t, 'GET', `${API}/invitations/${token}`, { ip: freshIp() })).statusCode,
    ).toBe(200);
  });
});
