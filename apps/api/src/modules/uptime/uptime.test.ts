import { uptimeReasons } from '@nuage/shared/messages/uptime';
import type { ApplicationUptime } from '@nuage/shared/schemas/responses/uptime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { emitForDeployment } from '../../db/notification-events';
import { uptimeChecks } from '../../db/schema/uptime';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { slackReceiver, type Receiver } from '../../../test/helpers/notification-receivers';
import { API, insertApplication, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  checkDueAt,
  liveApp as liveAppAt,
  serveAt,
  slot,
  startSite,
  type Site,
} from '../../../test/helpers/uptime-site';
import { UptimeWorker } from './worker';

/** The checks as a member sees them: bars, incidents with a French reason, one alert each way. */
let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;
let site: Site;
let slack: Receiver;

const MINUTE = 60_000;

beforeAll(async () => {
  slack = await slackReceiver();
  site = await startSite();
  t = await createTestApp({
    notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' },
    uptime: { intervalMs: MINUTE, failuresBeforeIncident: 2 },
  });
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
  const res = await call(t, 'POST', `${API}/projects/${projectId}/notification-channels`, {
    token: team.admin.token,
    body: {
      nom: 'Astreinte',
      type: 'slack',
      url: `${slack.url}/s`,
      evenements: ['app.down', 'app.up'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  await site.close();
  await slack.close();
});

async function told(): Promise<string[]> {
  while ((await t.app.deliveryWorker.pass()) > 0);
  const titles = slack.accepted.map((r) => String(r.json.text).split(' — ')[0]!);
  slack.accepted.length = 0;
  return titles;
}

async function uptimeOf(id: string, token = team.user.token) {
  const res = await call(t, 'GET', `${API}/deployments/${id}/uptime`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApplicationUptime>();
}

/** A live application served by `site`, its first check due at slot(0). */
const liveApp = (nom: string) => liveAppAt(t, { projectId, envId, url: site.url }, nom);

describe('GET /deployments/{id}/uptime', () => {
  it('401 without a token, 404 for a stranger, the defaults before any check', async () => {
    const id = await insertApplication(t, { projectId, environmentId: envId, nom: 'neuf' });
    expect((await call(t, 'GET', `${API}/deployments/${id}/uptime`)).statusCode).toBe(401);
    const stranger = await call(t, 'GET', `${API}/deployments/${id}/uptime`, {
      token: team.outsider.token,
    });
    expect(stranger.statusCode).toBe(404);
    const u = await uptimeOf(id);
    expect(u.etat).toBe('unknown');
    expect(u.pourcentage_30_jours).toBeNull();
    expect(u.jours).toHaveLength(30);
    expect(u.incidents).toEqual([]);
    expect(u.reglages).toEqual({
      chemin: '/',
      code_attendu: null,
      delai_secondes: 10,
      intervalle_secondes: 60,
    });
  });
});

describe('the checks', () => {
  it('opens an incident after two failures, tells it once, closes it on the first success', async () => {
    const id = await liveApp('boutique');
    site.status = 200;
    await t.app.uptimeWorker.pass(slot(0));
    expect((await uptimeOf(id)).etat).toBe('up');

    site.status = 502;
    await t.app.uptimeWorker.pass(slot(1));
    expect((await uptimeOf(id)).incidents).toEqual([]); // one failure is no incident yet
    await t.app.uptimeWorker.pass(slot(2));
    await t.app.uptimeWorker.pass(slot(3));
    const during = await uptimeOf(id);
    expect(during.etat).toBe('down');
    expect(during.incidents).toHaveLength(1);
    expect(during.incidents[0]).toMatchObject({
      debut: slot(1).toISOString(),
      fin: null,
      raison: 'code HTTP 502',
      simule: false,
    });
    expect(during.derniere_verification).toMatchObject({ ok: false, code_http: 502 });
    expect(await told()).toEqual(['Application indisponible : boutique']);

    site.status = 200;
    await t.app.uptimeWorker.pass(slot(4));
    await t.app.uptimeWorker.pass(slot(5));
    const after = await uptimeOf(id);
    expect(after.etat).toBe('up');
    expect(after.incidents[0]).toMatchObject({
      fin: slot(4).toISOString(),
      duree_secondes: 180,
    });
    const today = after.jours[29]!;
    expect(today).toMatchObject({ verifications: 6, echecs: 3, pourcentage: 50 });
    expect(after.pourcentage_30_jours).toBe(50);
    expect(await told()).toEqual(['Rétabli : boutique']);
  });

  it('says why in French: a timeout, a refused connection', async () => {
    const id = await liveApp('lente');
    await call(t, 'PUT', `${API}/deployments/${id}/uptime-check`, {
      token: team.developer.token,
      body: { chemin: '/', code_attendu: null, delai_secondes: 1 },
    });
    site.hangMs = 1500;
    await t.app.uptimeWorker.pass(slot(0));
    site.hangMs = 0;
    expect((await uptimeOf(id)).derniere_verification?.raison).toBe(uptimeReasons.timeout);

    const closed = await startSite();
    await closed.close();
    await serveAt(t, id, closed.url);
    await t.app.uptimeWorker.pass(slot(1));
    const u = await uptimeOf(id);
    expect(u.derniere_verification?.raison).toBe('connexion refusée');
    expect(u.incidents[0]?.raison).toBe('connexion refusée');
    await told();
  });

  it('checks one application once per slot, however many processes pass at once', async () => {
    const id = await liveApp('partagee');
    // Another API process: its own pool on the same database, its own worker.
    const other = await openPostgres(t.databaseUrl);
    const another = new UptimeWorker({ ...t.app.ctx, db: other.db }, t.config.uptime);
    await Promise.all([
      t.app.uptimeWorker.pass(slot(0)),
      another.pass(slot(0)),
      t.app.uptimeWorker.pass(slot(0)),
    ]);
    await other.close();
    // A pass long after (the platform was stopped): the missed slots are not caught up.
    await t.app.uptimeWorker.pass(slot(10));
    await t.app.uptimeWorker.pass(slot(10));
    const rows = await t.database.db
      .select({ slotAt: uptimeChecks.slotAt })
      .from(uptimeChecks)
      .where(eq(uptimeChecks.deploymentId, id));
    expect(rows.map((r) => r.slotAt.toISOString()).sort()).toEqual([
      slot(0).toISOString(),
      slot(10).toISOString(),
    ]);
  });

  it('labels the simulation runtime’s checks as simulated', async () => {
    const id = await insertApplication(t, { projectId, environmentId: envId, nom: 'simulee' });
    await t.database.db
      .update(deployments)
      .set({ runtime: 'simulation', status: 'FAILED', deployedAt: new Date() })
      .where(eq(deployments.id, id));
    await t.app.uptimeWorker.pass(slot(-1));
    await checkDueAt(t, id, slot(0));
    await t.app.uptimeWorker.pass(slot(0));
    await t.app.uptimeWorker.pass(slot(1));
    const u = await uptimeOf(id);
    expect(u).toMatchObject({ source: 'simulation', simule: true, etat: 'down' });
    expect(u.jours[29]).toMatchObject({ simule: true, echecs: 2 });
    expect(u.incidents[0]).toMatchObject({ raison: uptimeReasons.simulatedDown, simule: true });
    await told();
  });
});

describe('one outage, one alert', () => {
  it('stays quiet when the engine already told that the application is down', async () => {
    const id = await liveApp('vitrine');
    // The engine saw the container stop first (engine/reconcile/notify-transitions.ts).
    await emitForDeployment(t.database.db, t.app.log, id, {
      type: 'app.down',
      incident: { key: `down:${id}`, phase: 'open' },
      params: { raison: 'conteneur arrêté' },
    });
    site.status = 503;
    for (const n of [0, 1, 2]) await t.app.uptimeWorker.pass(slot(n));
    site.status = 200;
    await t.app.uptimeWorker.pass(slot(3));
    expect(await told()).toEqual(['Application indisponible : vitrine', 'Rétabli : vitrine']);
  });
});
