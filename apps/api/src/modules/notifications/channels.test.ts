import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationChannels } from '../../db/schema/notifications';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;
// A public address literal: no DNS in the test sandbox (the address policy is what is tested).
const SLACK_URL = 'https://203.0.113.10/services/T000/B000/tres-secret-slack-0123';
const BOT_TOKEN = '123456789:AAHs3cr3t-t0k3n-for-the-bot-abcdefghij';

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

const url = (suffix = '') => `${API}/projects/${projectId}/notification-channels${suffix}`;

describe('/projects/{id}/notification-channels', () => {
  it('adds a Slack channel (201) for prod events only, never answers nor stores its URL in clear', async () => {
    const res = await call(t, 'POST', url(), {
      token: team.admin.token,
      body: {
        nom: 'Alertes équipe',
        type: 'slack',
        url: SLACK_URL,
        evenements: ['deployment.failed', 'app.crash_loop'],
        environnements: [envId],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      nom: 'Alertes équipe',
      type: 'slack',
      cible: '203.0.113.10',
      evenements: ['deployment.failed', 'app.crash_loop'],
      environnements: [envId],
      actif: true,
      echecs_consecutifs: 0,
    });
    expect(res.body).not.toContain('tres-secret');
    const list = await call(t, 'GET', url(), { token: team.admin.token });
    expect(list.json()).toHaveLength(1);
    expect(list.body).not.toContain('tres-secret');
    const [row] = await t.database.db
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.projectId, projectId));
    expect(row!.configSealed).not.toContain('tres-secret');
    expect(t.logs.text).not.toContain('tres-secret');
  });

  it('keeps a Telegram bot token sealed and keeps it when an update leaves it blank', async () => {
    const created = await call(t, 'POST', url(), {
      token: team.admin.token,
      body: {
        nom: 'Telegram',
        type: 'telegram',
        bot_token: BOT_TOKEN,
        chat_id: '-1001234567',
        evenements: ['build.failed'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain('AAHs3cr3t');
    const id = created.json<{ id: string }>().id;
    const updated = await call(t, 'PUT', url(`/${id}`), {
      token: team.admin.token,
      body: {
        nom: 'Telegram ops',
        type: 'telegram',
        chat_id: '@ops_nuage',
        evenements: ['build.failed', 'backup.failed'],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      nom: 'Telegram ops',
      chat_id: '@ops_nuage',
      cible: 'Telegram @ops_nuage',
    });
    const [row] = await t.database.db
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.id, id));
    const { unsealChannelSecrets } = await import('./senders/channel-secrets');
    expect(unsealChannelSecrets(t.secrets.secretsKey, row!.configSealed).botToken).toBe(BOT_TOKEN);
    expect(t.logs.text).not.toContain('AAHs3cr3t');
  });

  it('answers 422 with French field errors per kind, and saves nothing', async () => {
    const before = (await call(t, 'GET', url(), { token: team.admin.token })).json<unknown[]>()
      .length;
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: { nom: ' ', type: 'slack', url: SLACK_URL, evenements: ['build.failed'] },
      }),
      ['body', 'nom'],
      'Le nom du canal est requis',
    );
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: { nom: 'Discord', type: 'discord', evenements: ['build.failed'] },
      }),
      ['body', 'url'],
      "L'adresse du webhook est requise",
    );
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: {
          nom: 'Hook',
          type: 'webhook',
          url: 'https://203.0.113.12/h',
          secret: 'court',
          evenements: ['build.failed'],
        },
      }),
      ['body', 'secret'],
      'Le secret de signature doit compter au moins 16 caractères (gardez-le : il sert à vérifier les signatures)',
    );
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: {
          nom: 'Tg',
          type: 'telegram',
          bot_token: 'pas-un-token',
          chat_id: '12',
          evenements: ['build.failed'],
        },
      }),
      ['body', 'bot_token'],
      'Token de bot Telegram invalide (forme attendue : 123456:ABC…)',
    );
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: { nom: 'Mails', type: 'email', evenements: ['build.failed'] },
      }),
      ['body', 'destinataires'],
      'Choisissez au moins un membre du projet à qui écrire',
    );
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: {
          nom: 'Mails',
          type: 'email',
          destinataires: [team.outsider.id],
          evenements: ['build.failed'],
        },
      }),
      ['body', 'destinataires'],
      "Ce destinataire n'est pas membre du projet",
    );
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: { nom: 'Slack', type: 'slack', url: SLACK_URL, evenements: [] },
      }),
      ['body', 'evenements'],
      'Choisissez au moins un événement',
    );
    const after = (await call(t, 'GET', url(), { token: team.admin.token })).json<unknown[]>()
      .length;
    expect(after).toBe(before);
  });

  it('refuses a webhook that leads to the platform’s own network (SSRF), by its address policy', async () => {
    for (const target of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://[::ffff:10.0.0.1]/x',
      'https://2130706433/',
    ]) {
      const res = await call(t, 'POST', url(), {
        token: team.admin.token,
        body: {
          nom: 'Interne',
          type: 'webhook',
          url: target,
          secret: 'un-secret-assez-long',
          evenements: ['build.failed'],
        },
      });
      expect(res.statusCode, target).toBe(422);
      expect(res.body).toContain('mène à un réseau privé ou interne');
    }
    expectIssue(
      await call(t, 'POST', url(), {
        token: team.admin.token,
        body: {
          nom: 'Clair',
          type: 'slack',
          url: 'http://203.0.113.10/services/x',
          evenements: ['build.failed'],
        },
      }),
      ['body', 'url'],
      "L'adresse du webhook doit commencer par https:// (ou http:// sur un réseau autorisé)",
    );
  });

  it('answers 401 without a session, 403 to a developer, 404 to a non-member and for another project’s channel', async () => {
    expect((await call(t, 'GET', url())).statusCode).toBe(401);
    expectDetail(
      await call(t, 'GET', url(), { token: team.developer.token }),
      403,
      'Action réservée aux administrateurs du projet.',
    );
    expect((await call(t, 'GET', url(), { token: team.outsider.token })).statusCode).toBe(404);
    const other = await teamWithEnvironment(t);
    const foreign = await call(
      t,
      'POST',
      `${API}/projects/${other.project.id}/notification-channels`,
      {
        token: other.team.admin.token,
        body: { nom: 'Autre', type: 'slack', url: SLACK_URL, evenements: ['build.failed'] },
      },
    );
    const foreignId = foreign.json<{ id: string }>().id;
    expectDetail(
      await call(t, 'DELETE', url(`/${foreignId}`), { token: team.admin.token }),
      404,
      'Canal de notification non trouvé',
    );
  });

  it('deletes a channel (204)', async () => {
    const made = await call(t, 'POST', url(), {
      token: team.admin.token,
      body: {
        nom: 'Éphémère',
        type: 'discord',
        url: 'https://203.0.113.11/api/webhooks/1/abc',
        evenements: ['build.failed'],
      },
    });
    const id = made.json<{ id: string }>().id;
    expect((await call(t, 'DELETE', url(`/${id}`), { token: team.admin.token })).statusCode).toBe(
      204,
    );
    const ids = (await call(t, 'GET', url(), { token: team.admin.token }))
      .json<{ id: string }[]>()
      .map((c) => c.id);
    expect(ids).not.toContain(id);
  });
});
