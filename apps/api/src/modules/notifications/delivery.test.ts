import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitNotification } from '../../db/notification-events';
import { notificationOutbox } from '../../db/schema/notifications';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import {
  discordReceiver,
  slackReceiver,
  teamsReceiver,
  telegramReceiver,
  webhookReceiver,
  type Receiver,
} from '../../../test/helpers/notification-receivers';
import { API, createEnvironment, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const BOT_TOKEN = '987654321:AAF-bot-token-secret-for-the-tests-xyz';
const CHAT = '-100424242';
const SIGNING = 'secret-de-signature-partage-42';

let t: TestApp;
let team: Team;
let projectId: string;
let prodId: string;
let devId: string;
const receivers: Record<string, Receiver> = {};

beforeAll(async () => {
  receivers.slack = await slackReceiver();
  receivers.discord = await discordReceiver();
  receivers.teams = await teamsReceiver();
  receivers.telegram = await telegramReceiver(BOT_TOKEN, CHAT);
  receivers.webhook = await webhookReceiver(SIGNING);
  t = await createTestApp(
    { notifications: { allowPrivateTargets: true, telegramApiUrl: receivers.telegram.url } },
    { deliveryWorker: { perMinute: 1000 } },
  );
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  prodId = created.env.id;
  devId = (await createEnvironment(t, team.admin.token, projectId, { nom: 'dev', type: 'dev' })).id;
});
afterAll(async () => {
  await t.close();
  await Promise.all(Object.values(receivers).map((r) => r.close()));
});

const channels = (suffix = '') => `${API}/projects/${projectId}/notification-channels${suffix}`;

async function addChannel(body: Record<string, unknown>) {
  const res = await call(t, 'POST', channels(), { token: team.admin.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const emit = (
  type: Parameters<typeof emitNotification>[1]['type'],
  more: Partial<Parameters<typeof emitNotification>[1]> = {},
) =>
  emitNotification(t.database.db, {
    projectId,
    type,
    environmentId: prodId,
    link: '/deployment/abc',
    params: { application: 'boutique', environnement: 'production', raison: 'port 3000 fermé' },
    ...more,
  });

async function drain() {
  while ((await t.app.deliveryWorker.pass()) > 0);
}

const clear = () => {
  for (const r of Object.values(receivers)) {
    r.accepted.length = 0;
    r.refused.length = 0;
  }
};

describe('delivery to each service', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const events = [
      'deployment.failed',
      'app.crash_loop',
      'app.crash_loop_ended',
      'certificate.expiring',
    ];
    ids = {
      slack: await addChannel({
        nom: 'Slack',
        type: 'slack',
        url: `${receivers.slack!.url}/services/T/B/xoxb-secret-slack`,
        evenements: events,
      }),
      discord: await addChannel({
        nom: 'Discord',
        type: 'discord',
        url: `${receivers.discord!.url}/api/webhooks/1/secret-discord`,
        evenements: events,
      }),
      teams: await addChannel({
        nom: 'Teams',
        type: 'teams',
        url: `${receivers.teams!.url}/workflows/secret-teams`,
        evenements: events,
      }),
      telegram: await addChannel({
        nom: 'Telegram',
        type: 'telegram',
        bot_token: BOT_TOKEN,
        chat_id: CHAT,
        evenements: events,
      }),
      webhook: await addChannel({
        nom: 'Passerelle WhatsApp',
        type: 'webhook',
        url: `${receivers.webhook!.url}/in`,
        secret: SIGNING,
        evenements: events,
        environnements: [prodId],
      }),
      email: await addChannel({
        nom: 'Mails',
        type: 'email',
        destinataires: [team.admin.id, team.user.id],
        evenements: ['deployment.failed'],
      }),
    };
  });

  it('sends a failed deployment to Slack, Discord, Teams, Telegram, a signed webhook and the chosen members’ mail, once each', async () => {
    clear();
    const mailsBefore = t.mailer.sent.length;
    await emit('deployment.failed');
    await drain();
    for (const [name, r] of Object.entries(receivers)) {
      expect(r.refused, name).toEqual([]);
      expect(r.accepted, name).toHaveLength(1);
    }
    const title = 'Échec du déploiement : boutique';
    expect(receivers.slack!.accepted[0]!.json.text).toContain(title);
    expect(receivers.discord!.accepted[0]!.json).toMatchObject({
      embeds: [{ title }],
      allowed_mentions: { parse: [] },
    });
    expect(JSON.stringify(receivers.teams!.accepted[0]!.json)).toContain(title);
    expect(receivers.telegram!.accepted[0]!.json).toMatchObject({ chat_id: CHAT });
    expect(receivers.telegram!.accepted[0]!.json.text).toContain(
      'http://plateforme.test/deployment/abc',
    );
    const hook = receivers.webhook!.accepted[0]!;
    expect(hook.json).toMatchObject({
      evenement: 'deployment.failed',
      titre: title,
      lien: 'http://plateforme.test/deployment/abc',
      projet: { id: projectId },
    });
    expect(hook.headers['x-nuage-delivery']).toBe(hook.json.id);
    const mails = t.mailer.sent.slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([team.admin.email, team.user.email].sort());
    expect(mails[0]!.subject).toBe(title);
    expect(mails[0]!.text).toContain('port 3000 fermé');
    for (const secret of [
      'xoxb-secret-slack',
      'secret-discord',
      'secret-teams',
      BOT_TOKEN,
      SIGNING,
    ])
      expect(t.logs.text).not.toContain(secret);
  });

  it('keeps a channel to its events and environments', async () => {
    clear();
    await emit('deployment.failed', { environmentId: devId });
    await emit('build.failed');
    await drain();
    // dev: everyone but the prod-only webhook; build.failed: nobody chose it.
    expect(receivers.webhook!.accepted).toHaveLength(0);
    expect(receivers.slack!.accepted).toHaveLength(1);
  });

  it('tells a crash loop once however often it is seen, then once « rétabli » with the count', async () => {
    clear();
    const incident = { key: 'crash:boutique', phase: 'open' as const };
    for (let i = 0; i < 5; i++)
      await emit('app.crash_loop', {
        incident,
        params: { application: 'boutique', redemarrages: 6, minutes: 5 },
      });
    await drain();
    expect(receivers.slack!.accepted).toHaveLength(1);
    expect(receivers.slack!.accepted[0]!.json.text).toContain('Redémarrages en boucle : boutique');
    await emit('app.crash_loop_ended', {
      incident: { key: 'crash:boutique', phase: 'close' },
      params: { application: 'boutique' },
    });
    await emit('app.crash_loop_ended', {
      incident: { key: 'crash:boutique', phase: 'close' },
      params: { application: 'boutique' },
    });
    await drain();
    expect(receivers.slack!.accepted).toHaveLength(2);
    expect(receivers.slack!.accepted[1]!.json.text).toContain('Rétabli : boutique');
    expect(receivers.slack!.accepted[1]!.json.text).toContain('4 alerte(s) répétée(s)');
  });

  it('says a certificate’s warning once per threshold', async () => {
    clear();
    const params = { domaine: 'boutique.exemple.sn', jours: 14 };
    await emit('certificate.expiring', { params, dedupKey: 'cert:x:14' });
    await emit('certificate.expiring', { params, dedupKey: 'cert:x:14' });
    await drain();
    expect(receivers.discord!.accepted).toHaveLength(1);
  });

  it('« Tester » sends now and answers the service’s refusal in French; the log shows both', async () => {
    clear();
    const ok = await call(t, 'POST', channels(`/${ids.telegram}/test`), {
      token: team.admin.token,
    });
    expect(ok.json()).toEqual({ envoye: true, message: 'Message de test envoyé' });
    expect(receivers.telegram!.accepted[0]!.json.text).toContain('Message de test');
    // The bot was removed from the chat: Telegram answers 400 « chat not found ».
    await call(t, 'PUT', channels(`/${ids.telegram}`), {
      token: team.admin.token,
      body: {
        nom: 'Telegram',
        type: 'telegram',
        chat_id: '-100999',
        evenements: ['deployment.failed'],
      },
    });
    const ko = await call(t, 'POST', channels(`/${ids.telegram}/test`), {
      token: team.admin.token,
    });
    expect(ko.json<{ envoye: boolean; message: string }>()).toEqual({
      envoye: false,
      message: expect.stringContaining('Bad Request: chat not found'),
    });
    expect(ko.body).not.toContain(BOT_TOKEN);
    const log = await call(t, 'GET', channels(`/${ids.telegram}/deliveries`), {
      token: team.admin.token,
    });
    expect(log.statusCode).toBe(200);
    const [last, previous] =
      log.json<{ statut: string; titre: string; derniere_erreur: string | null }[]>();
    expect(last).toMatchObject({ statut: 'abandonne', titre: 'Message de test : Telegram' });
    expect(last!.derniere_erreur).toContain('chat not found');
    expect(previous).toMatchObject({ statut: 'envoye' });
  });

  it('retries a failed send later (backoff) and delivers it once', async () => {
    clear();
    receivers.slack!.failNext = 1;
    const eventId = await emit('deployment.failed', { environmentId: devId });
    await drain();
    expect(receivers.slack!.accepted).toHaveLength(0);
    const [row] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.eventId, eventId!), eq(notificationOutbox.channelId, ids.slack!)),
      );
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Le service a répondu 500 : internal error',
    });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    // The backoff is over.
    await t.database.db
      .update(notificationOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(notificationOutbox.id, row!.id));
    await drain();
    expect(receivers.slack!.accepted).toHaveLength(1);
    const log = await call(t, 'GET', channels(`/${ids.slack}/deliveries`), {
      token: team.admin.token,
    });
    expect(log.json<unknown[]>()[0]).toMatchObject({ statut: 'envoye', tentatives: 2 });
  });

  it('pauses a channel after 10 failures in a row and tells the admins; resuming sends again', async () => {
    clear();
    receivers.discord!.failNext = 1000;
    const mailsBefore = t.mailer.sent.length;
    for (let i = 0; i < 10; i++) await emit('deployment.failed', { environmentId: devId });
    await drain();
    const list = await call(t, 'GET', channels(), { token: team.admin.token });
    const discord = list
      .json<
        {
          id: string;
          actif: boolean;
          en_pause_depuis: string | null;
          echecs_consecutifs: number;
          derniere_erreur: string;
        }[]
      >()
      .find((c) => c.id === ids.discord)!;
    expect(discord).toMatchObject({
      actif: false,
      echecs_consecutifs: 10,
      derniere_erreur: 'Le service a répondu 500 : internal error',
    });
    expect(discord.en_pause_depuis).not.toBeNull();
    const notice = t.mailer.sent
      .slice(mailsBefore)
      .filter((m) => m.subject === 'Canal mis en pause : Discord');
    expect(notice.map((m) => m.to)).toEqual([team.admin.email]);
    // While paused, nothing more is queued nor tried.
    receivers.discord!.failNext = 0;
    await emit('deployment.failed');
    await drain();
    expect(receivers.discord!.accepted).toHaveLength(0);
    const resumed = await call(t, 'PUT', channels(`/${ids.discord}`), {
      token: team.admin.token,
      body: { nom: 'Discord', type: 'discord', evenements: ['deployment.failed'], actif: true },
    });
    expect(resumed.json()).toMatchObject({
      actif: true,
      en_pause_depuis: null,
      echecs_consecutifs: 0,
    });
    await emit('deployment.failed');
    await drain();
    expect(receivers.discord!.accepted).toHaveLength(1);
  });
});

describe('rate limit per channel', () => {
  it('sends at most perMinute messages a minute on one channel and keeps the rest for later', async () => {
    const r = await slackReceiver();
    const limited = await createTestApp(
      { notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' } },
      { deliveryWorker: { perMinute: 3 } },
    );
    try {
      const { team: tm, project, env } = await teamWithEnvironment(limited);
      await call(limited, 'POST', `${API}/projects/${project.id}/notification-channels`, {
        token: tm.admin.token,
        body: { nom: 'Slack', type: 'slack', url: `${r.url}/s`, evenements: ['build.failed'] },
      });
      for (let i = 0; i < 5; i++)
        await emitNotification(limited.database.db, {
          projectId: project.id,
          type: 'build.failed',
          environmentId: env.id,
          params: { application: `app${i}` },
        });
      while ((await limited.app.deliveryWorker.pass()) > 0);
      expect(r.accepted).toHaveLength(3);
      const pending = await limited.database.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.status, 'pending'));
      expect(pending).toHaveLength(2);
      expect(pending.every((p) => p.attempts === 0)).toBe(true);
    } finally {
      await limited.close();
      await r.close();
    }
  });
});
