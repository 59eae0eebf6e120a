import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployApp, teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { notifyFailure } from './notify';

/**
 * A failed backup reaches an admin by mail exactly once (issue 27): through the project's e-mail
 * channel when it has one (the notification), through the admins' own mail when it has none (as
 * before notifications existed), never both; the bell has it either way.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  appId = (await deployApp(t, team.developer.token, created.env.id, { nom: 'compta' })).id;
});
afterAll(() => t.close());

const fail = () =>
  notifyFailure(t.app.ctx, {
    projectId,
    deploymentId: appId,
    applicationName: 'compta',
    what: 'sauvegarde',
    reason: 'disque plein',
    localCopyKept: true,
  });

/** Every mail an admin got once the outbox is sent. */
async function mailsToAdmin() {
  while ((await t.app.deliveryWorker.pass()) > 0);
  const subjects = t.mailer.sent.filter((m) => m.to === team.admin.email).map((m) => m.subject);
  t.mailer.sent.length = 0;
  return subjects;
}

async function bellTitles() {
  const res = await call(t, 'GET', `${API}/users/me/notifications`, { token: team.admin.token });
  return (res.json() as { notifications: { titre: string }[] }).notifications.map((n) => n.titre);
}

describe('a failed backup, told to the admins', () => {
  it('without an e-mail channel: the admins’ own mail, once, and the bell', async () => {
    await mailsToAdmin();
    await fail();
    expect(await mailsToAdmin()).toEqual([
      'Échec de la sauvegarde de « compta » (Boutique en ligne)',
    ]);
    expect(await bellTitles()).toContain('Échec de la sauvegarde : compta');
  });

  it('muted on /profile: not the admins’ own mail either', async () => {
    const put = await call(t, 'PUT', `${API}/users/me/notification-preferences`, {
      token: team.admin.token,
      body: { email_muets: ['backup.failed'], nouvel_appareil: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    await fail();
    expect(await mailsToAdmin()).toEqual([]);
    await call(t, 'PUT', `${API}/users/me/notification-preferences`, {
      token: team.admin.token,
      body: { email_muets: [], nouvel_appareil: true },
    });
  });

  it('with an e-mail channel to the admin: its notification only, saying the local copy', async () => {
    const res = await call(t, 'POST', `${API}/projects/${projectId}/notification-channels`, {
      token: team.admin.token,
      body: {
        nom: 'Astreinte',
        type: 'email',
        destinataires: [team.admin.id],
        evenements: ['backup.failed'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await fail();
    while ((await t.app.deliveryWorker.pass()) > 0);
    const mails = t.mailer.sent.filter((m) => m.to === team.admin.email);
    expect(mails.map((m) => m.subject)).toEqual(['Échec de la sauvegarde : compta']);
    expect(mails[0]!.text).toContain('Une copie locale de la sauvegarde a été conservée');
    expect(mails[0]!.text).toContain('disque plein');
    t.mailer.sent.length = 0;
  });
});
