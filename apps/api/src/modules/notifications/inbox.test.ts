import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitNotification } from '../../db/notification-events';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

const bell = (token: string) => call(t, 'GET', `${API}/users/me/notifications`, { token });

describe('the bell', () => {
  it('shows a project event to its members with its link, unread until read; nothing to others', async () => {
    // The members' arrivals are entries too: read them first.
    await call(t, 'POST', `${API}/users/me/notifications/read`, {
      token: team.user.token,
      body: {},
    });
    const adminUnread = (await bell(team.admin.token)).json<{ non_lues: number }>().non_lues;
    await emitNotification(t.database.db, {
      projectId,
      type: 'build.failed',
      environmentId: envId,
      link: '/deployment/d1',
      params: { application: 'api', raison: 'npm ci a échoué' },
    });
    const res = await bell(team.user.token);
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<{ non_lues: number; notifications: unknown[] }>();
    expect(shown.non_lues).toBe(1);
    expect(shown.notifications[0]).toMatchObject({
      titre: 'Échec du build : api',
      lien: '/deployment/d1',
      lue: false,
      projet_id: projectId,
    });
    expect((await bell(team.outsider.token)).json()).toEqual({ non_lues: 0, notifications: [] });
    const read = await call(t, 'POST', `${API}/users/me/notifications/read`, {
      token: team.user.token,
      body: {},
    });
    expect(read.statusCode).toBe(204);
    const after = (await bell(team.user.token)).json<{
      non_lues: number;
      notifications: { lue: boolean }[];
    }>();
    expect(after.non_lues).toBe(0);
    expect(after.notifications.every((n) => n.lue)).toBe(true);
    // Another member's entry is theirs: still unread.
    expect((await bell(team.admin.token)).json<{ non_lues: number }>().non_lues).toBe(
      adminUnread + 1,
    );
    expect((await bell('')).statusCode).toBe(401);
  });
});

describe('e-mail preferences on /profile', () => {
  it('saves them, and an e-mail channel skips a member who muted the event', async () => {
    const put = await call(t, 'PUT', `${API}/users/me/notification-preferences`, {
      token: team.user.token,
      body: { email_muets: ['deployment.failed'], nouvel_appareil: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ email_muets: ['deployment.failed'], nouvel_appareil: true });
    const bad = await call(t, 'PUT', `${API}/users/me/notification-preferences`, {
      token: team.user.token,
      body: { email_muets: ['pas.un.evenement'], nouvel_appareil: true },
    });
    expect(bad.statusCode).toBe(422);
    await call(t, 'POST', `${API}/projects/${projectId}/notification-channels`, {
      token: team.admin.token,
      body: {
        nom: 'Mails',
        type: 'email',
        destinataires: [team.admin.id, team.user.id],
        evenements: ['deployment.failed'],
      },
    });
    const before = t.mailer.sent.length;
    await emitNotification(t.database.db, {
      projectId,
      type: 'deployment.failed',
      environmentId: envId,
      params: { application: 'api' },
    });
    while ((await t.app.deliveryWorker.pass()) > 0);
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual([team.admin.email]);
  });
});

describe('a sign-in from a new device', () => {
  const login = (user: TestUser, agent: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { email: user.email, mot_de_passe: user.password },
      headers: { 'user-agent': agent },
      remoteAddress: user.ip,
    });
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

  it('mails the owner when a device never used before signs in, not for a known one', async () => {
    const user = await createVerifiedUser(t, { prenom: 'Fatou' });
    const subject = 'Nouvelle connexion à votre compte NuageDeploy';
    const mailsTo = () => t.mailer.sent.filter((m) => m.to === user.email && m.subject === subject);
    expect((await login(user, FIREFOX)).statusCode).toBe(200);
    const known = mailsTo().length;
    expect((await login(user, FIREFOX)).statusCode).toBe(200);
    expect(mailsTo()).toHaveLength(known);
    expect((await login(user, ANDROID)).statusCode).toBe(200);
    expect(mailsTo()).toHaveLength(known + 1);
    expect(mailsTo().at(-1)!.text).toContain('Chrome sur Android');
  });

  it('does not when the owner turned it off', async () => {
    const user = await createVerifiedUser(t, { prenom: 'Moussa' });
    await call(t, 'PUT', `${API}/users/me/notification-preferences`, {
      token: user.token,
      body: { email_muets: [], nouvel_appareil: false },
    });
    const before = t.mailer.sent.length;
    expect((await login(user, ANDROID)).statusCode).toBe(200);
    expect(t.mailer.sent.slice(before).filter((m) => m.to === user.email)).toEqual([]);
  });
});
