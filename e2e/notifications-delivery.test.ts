import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { startServer, type RunningServer } from './helpers/server';
import { webhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver';

/**
 * Notifications delivered by real platform processes (issue 27) to a local receiver standing for
 * a generic webhook consumer, which verifies every signature:
 * - the platform is killed (SIGKILL) while a message is on the wire — the receiver holds that
 *   request open — and after the restart the message is delivered once: not lost, not doubled,
 *   the same X-Nuage-Delivery id on both tries;
 * - two API processes on one PostgreSQL database deliver each message of a burst exactly once.
 */

const SECRET = 'secret-de-signature-du-consommateur';
const servers: RunningServer[] = [];
const receivers: WebhookReceiver[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const r of receivers) await r.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = await startServer({ NOTIFY_ALLOW_PRIVATE_TARGETS: 'true', ...env });
  servers.push(server);
  return server;
}

/** A project with an environment and a signed webhook channel told of successful deploys. */
async function projectWithWebhook(server: RunningServer, receiver: WebhookReceiver) {
  const token = await loginToken(server, await createAccount(server));
  const call = apiClient(server, token);
  const project = await call<{ id: string }>('POST', '/projects/', {
    nom: 'Passerelle SMS',
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  const env = await call<{ id: string }>('POST', `/environments/${project.body.id}/environments`, {
    nom: 'Production',
    type: 'prod',
  });
  const channel = await call<{ id: string }>(
    'POST',
    `/projects/${project.body.id}/notification-channels`,
    {
      nom: 'Passerelle',
      type: 'webhook',
      url: `${receiver.url}/nuage`,
      secret: SECRET,
      evenements: ['deployment.succeeded'],
    },
  );
  expect(channel.status, JSON.stringify(channel.body)).toBe(201);
  return { token, projectId: project.body.id, envId: env.body.id, channelId: channel.body.id };
}

/** A simulated WordPress: RUNNING in seconds, then « Déploiement réussi ». */
async function deploy(call: ApiCall, envId: string, nom: string) {
  const res = await call<{ id: string }>('POST', `/deployments/${envId}/deploy/erp`, {
    nom,
    cpu: 0.5,
    ram: 1,
    storage: 2,
    replicas: 1,
    type_application: 'wordpress',
    image_registry_url: 'docker.io/library/wordpress',
    image_tag: '6.4-apache',
    helm_values: { service: { type: 'ClusterIP', port: 80 } },
    database_config: { engine: 'mariadb', database: 'wordpress', user: 'wordpress' },
    wordpress_email: 'admin@exemple.sn',
    wordpress_password: '',
    mariadb_root_password: '',
    mariadb_user_password: '',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a platform killed mid-send', () => {
  it('delivers the message once after its restart, with the same delivery id', async () => {
    const receiver = await webhookReceiver(SECRET, { holdFirst: true });
    receivers.push(receiver);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-notify-kill-'));
    dirs.push(dataDir);
    // The lease of a claimed message: past it, a restarted process sends it again (default 2 min).
    const env = { DATA_DIR: dataDir, NOTIFY_LEASE_SECONDS: '15' };
    const first = await start(env);
    const { token, projectId, envId, channelId } = await projectWithWebhook(first, receiver);
    await deploy(apiClient(first, token), envId, 'boutique');

    const [held] = await pollUntil(
      'the message on the wire',
      async () => receiver.requests,
      (r) => r.length === 1,
      { timeoutMs: 60_000 },
    );
    expect(held!.outcome).toBe('held');
    const exited = new Promise((r) => first.process.once('exit', r));
    first.process.kill('SIGKILL');
    await exited;
    servers.splice(servers.indexOf(first), 1);
    await pollUntil(
      'the dead sender gone',
      async () => held!.outcome,
      (o) => o === 'aborted',
    );

    const second = await start(env);
    const [delivered] = await pollUntil(
      'the message delivered after the restart',
      async () => receiver.completed(),
      (c) => c.length > 0,
      { timeoutMs: 60_000, everyMs: 500 },
    );
    expect(delivered).toMatchObject({
      delivery: held!.delivery,
      event: 'deployment.succeeded',
      signed: true,
      body: { evenement_id: held!.body.evenement_id, titre: 'Déploiement réussi : boutique' },
    });
    // Nothing more comes: not a third try, not a second « réussi » from the restarted engine.
    await pause(12_000);
    expect(receiver.requests.map((r) => r.outcome)).toEqual(['aborted', 'completed']);
    const log = await apiClient(second, token)<
      { id: string; statut: string; tentatives: number }[]
    >('GET', `/projects/${projectId}/notification-channels/${channelId}/deliveries`);
    expect(log.body).toEqual([
      expect.objectContaining({ id: held!.delivery, statut: 'envoye', tentatives: 2 }),
    ]);
    // The signing secret is in no answer and no log line of either process.
    const channels = await apiClient(second, token)(
      'GET',
      `/projects/${projectId}/notification-channels`,
    );
    expect(channels.status).toBe(200);
    for (const text of [JSON.stringify(channels.body), first.output(), second.output()])
      expect(text).not.toContain(SECRET);
  }, 240_000);
});

/**
 * Two processes behind a load balancer share one PostgreSQL database. Needs DATABASE_URL (as the
 * two-process revocation test): skipped, saying so, without it, and failing in CI.
 */
const url = process.env.DATABASE_URL;
if (!url && process.env.CI)
  throw new Error('CI must run the two-process delivery test: DATABASE_URL is not set');
if (!url)
  console.warn('[e2e notifications delivery] two processes skipped: DATABASE_URL is not set');

async function admin(query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('two API processes on one database', () => {
  const database = `nuage_e2e_notify_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    for (const s of servers.splice(0)) await s.stop();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('deliver each message of a burst exactly once', async () => {
    await admin(`CREATE DATABASE ${database}`);
    const u = new URL(url!);
    u.pathname = `/${database}`;
    const shared = {
      DATABASE_URL: u.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
    };
    // One after the other: the first runs the migrations under the advisory lock.
    const a = await start(shared);
    const b = await start(shared);
    const receiver = await webhookReceiver(SECRET);
    receivers.push(receiver);
    const { token, envId } = await projectWithWebhook(a, receiver);
    const calls = [apiClient(a, token), apiClient(b, token)];
    const names = Array.from({ length: 8 }, (_, i) => `site-${i + 1}`);
    // Deploys through both processes at once: both engines and both senders are at work.
    await Promise.all(names.map((nom, i) => deploy(calls[i % 2]!, envId, nom)));

    await pollUntil(
      'every deploy told',
      async () => receiver.completed(),
      (c) => c.length >= names.length,
      { timeoutMs: 90_000, everyMs: 500 },
    );
    await pause(5_000);
    const got = receiver.requests;
    expect(got.every((r) => r.outcome === 'completed' && r.signed)).toBe(true);
    expect(got.map((r) => r.body.titre).sort()).toEqual(
      names.map((n) => `Déploiement réussi : ${n}`).sort(),
    );
    expect(new Set(got.map((r) => r.delivery)).size).toBe(names.length);
  }, 240_000);
});
