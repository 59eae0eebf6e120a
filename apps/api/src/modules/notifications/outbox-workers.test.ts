import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { emitNotification } from '../../db/notification-events';
import { notificationOutbox } from '../../db/schema/notifications';
import { CapturingMailer, LogCapture } from '../../../test/helpers/capture';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { webhookReceiver, type Receiver } from '../../../test/helpers/notification-receivers';
import { API } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import pino from 'pino';
import { DeliveryWorker } from './delivery-worker';
import { claimDue } from './outbox-store';

/**
 * Several API processes share one PostgreSQL: each runs a DeliveryWorker on its own connection
 * pool. No message may go out twice while its sender lives, and none may be lost when it dies.
 */

const SECRET = 'secret-partage-des-deux-processus';
let t: TestApp;
let other: DatabaseHandle;
let receiver: Receiver;
let projectId: string;
let envId: string;

const workerOn = (db: DatabaseHandle['db'], now?: () => Date) =>
  new DeliveryWorker({
    db,
    mailer: new CapturingMailer(),
    secretsKey: t.secrets.secretsKey,
    publicUrl: 'http://plateforme.test',
    allowPrivateTargets: true,
    telegramApiUrl: 'http://127.0.0.1:9',
    log: pino({ level: 'silent' }, new LogCapture()),
    perMinute: 10_000,
    ...(now ? { now } : {}),
  });

beforeAll(async () => {
  receiver = await webhookReceiver(SECRET);
  t = await createTestApp({
    notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' },
  });
  other = await openPostgres(t.databaseUrl);
  const created = await teamWithEnvironment(t);
  projectId = created.project.id;
  envId = created.env.id;
  const res = await call(t, 'POST', `${API}/projects/${projectId}/notification-channels`, {
    token: created.team.admin.token,
    body: {
      nom: 'Passerelle',
      type: 'webhook',
      url: `${receiver.url}/in`,
      secret: SECRET,
      evenements: ['build.failed'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await other.close();
  await t.close();
  await receiver.close();
});

const emit = (i: number) =>
  emitNotification(t.database.db, {
    projectId,
    type: 'build.failed',
    environmentId: envId,
    params: { application: `app-${i}` },
  });

describe('the outbox shared by two API processes', () => {
  it('sends each of 40 messages exactly once when two workers on two pools poll together', async () => {
    receiver.accepted.length = 0;
    for (let i = 0; i < 40; i++) await emit(i);
    const a = workerOn(t.database.db);
    const b = workerOn(other.db);
    // Both poll at the same moments, again and again, until nothing is left.
    for (;;) {
      const [x, y] = await Promise.all([a.pass(), b.pass()]);
      if (x + y === 0) break;
    }
    const ids = receiver.accepted.map((r) => String(r.headers['x-nuage-delivery']));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(new Set(receiver.accepted.map((r) => r.json.texte)).size).toBe(40);
    expect(receiver.refused).toEqual([]);
  });

  it('leaves a message claimed by a process that died mid-send to its lease, then sends it once', async () => {
    receiver.accepted.length = 0;
    const eventId = await emit(99);
    // The first process claims it (its lease: 2 minutes) and dies before any answer.
    const claimed = await claimDue(t.database.db, { now: new Date(), leaseMs: 120_000, limit: 10 });
    expect(claimed).toHaveLength(1);
    // A live process does not take it while the lease holds: no second send.
    expect(await workerOn(other.db).pass()).toBe(0);
    expect(receiver.accepted).toHaveLength(0);
    // Past the lease, another process takes it up and delivers it, once.
    const later = () => new Date(Date.now() + 121_000);
    expect(await workerOn(other.db, later).pass()).toBe(1);
    expect(await workerOn(other.db, later).pass()).toBe(0);
    expect(receiver.accepted).toHaveLength(1);
    expect(receiver.accepted[0]!.json.evenement_id).toBe(eventId);
    const [row] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.eventId, eventId!));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
