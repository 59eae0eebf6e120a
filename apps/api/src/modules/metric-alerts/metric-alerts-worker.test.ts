import type { MetricAlerts } from '@nuage/shared/schemas/responses/metric-alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSamples } from '../../db/schema/metrics';
import { trafficSamples } from '../../db/schema/traffic';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { slackReceiver, type Receiver } from '../../../test/helpers/notification-receivers';
import { API, insertApplication, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MetricAlertWorker } from './worker';

/**
 * The evaluation over stored samples, as a project's channels hear it: one message when an
 * alert starts, one when it ends, none for a short spike, only to channels that chose them.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;
let alerts: Receiver;
let deploys: Receiver;

const MIN = 60_000;
// Ahead of the clock: a new rule is due at once (its next evaluation is « now »).
const T0 = Date.now() + 60 * MIN;

beforeAll(async () => {
  [alerts, deploys] = await Promise.all([slackReceiver(), slackReceiver()]);
  t = await createTestApp({
    notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' },
  });
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
  const channel = async (nom: string, r: Receiver, evenements: string[]) => {
    const res = await call(t, 'POST', `${API}/projects/${projectId}/notification-channels`, {
      token: team.admin.token,
      body: { nom, type: 'slack', url: `${r.url}/s`, evenements },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await channel('Alertes', alerts, ['metric.alert', 'metric.recovered']);
  await channel('Déploiements', deploys, ['deployment.failed']);
});
afterAll(async () => {
  await t.close();
  await Promise.all([alerts.close(), deploys.close()]);
});

/** What each channel received since the last look (Slack's text: « titre — texte »). */
async function told(r: Receiver = alerts): Promise<string[]> {
  while ((await t.app.deliveryWorker.pass()) > 0);
  const texts = r.accepted.map((m) => String(m.json.text));
  r.accepted.length = 0;
  return texts;
}

/** Samples every 30 s in (from, to] minutes after T0, the CPU (millicores) by minute. */
async function sample(
  id: string,
  from: number,
  to: number,
  cpu: (m: number) => number,
  restarts = 0,
) {
  const rows = [];
  for (let s = from * 60 + 30; s <= to * 60; s += 30)
    rows.push({
      deploymentId: id,
      at: new Date(T0 + s * 1000),
      cpuMilli: cpu(s / 60),
      ramMb: 100,
      restarts,
    });
  await t.database.db.insert(metricSamples).values(rows);
}

const evaluateAt = (minutes: number) => t.app.metricAlertWorker.pass(new Date(T0 + minutes * MIN));

async function addRule(id: string, body: object) {
  const res = await call(t, 'POST', `${API}/deployments/${id}/metric-alerts`, {
    token: team.developer.token,
    body: { active: true, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('evaluating CPU rules every minute', () => {
  it('tells an alert once at its start and once at its end, and nothing for a short spike', async () => {
    // One core reserved (cpu 1 × 1 replica): 900 millicores is 90 %.
    const id = await insertApplication(t, {
      projectId,
      environmentId: envId,
      nom: 'boutique',
      cpu: 1,
    });
    await addRule(id, { type: 'cpu', seuil: 90, minutes: 10 });

    await sample(id, -12, 0, (m) => (m > -2 ? 990 : 400));
    await evaluateAt(0);
    expect(await told()).toEqual([]);

    await sample(id, 0, 10, () => 970);
    // Two processes' workers at once: the rule is claimed by one, the alert opened once.
    const other = new MetricAlertWorker(t.app.ctx, { intervalMs: MIN, sampleMs: 30_000 });
    await Promise.all([evaluateAt(10), other.pass(new Date(T0 + 10 * MIN))]);
    const [alert, ...more] = await told();
    expect(more).toEqual([]);
    expect(alert).toContain('Alerte CPU : boutique');
    expect(alert).toContain('au-dessus de 90 % de la limite depuis 10 min (moyenne 97 %)');

    // Still above: counted, not told again.
    await sample(id, 10, 12, () => 990);
    await evaluateAt(11);
    await evaluateAt(12);
    expect(await told()).toEqual([]);
    const open = await call(t, 'GET', `${API}/deployments/${id}/metric-alerts`, {
      token: team.user.token,
    });
    expect(open.json<MetricAlerts>().incidents).toEqual([
      expect.objectContaining({ type: 'cpu', seuil: 90, fin: null, valeur: 97 }),
    ]);

    await sample(id, 12, 24, () => 300);
    await evaluateAt(24);
    const [recovered, ...after] = await told();
    expect(after).toEqual([]);
    expect(recovered).toContain('Rétabli (CPU) : boutique');
    expect(recovered).toContain('revenu sous 90 % de la limite');
    await evaluateAt(25);
    expect(await told()).toEqual([]);
    const ended = await call(t, 'GET', `${API}/deployments/${id}/metric-alerts`, {
      token: team.user.token,
    });
    expect(ended.json<MetricAlerts>().incidents[0]!.fin).not.toBeNull();

    // The channel that chose only failed deployments heard none of it.
    expect(await told(deploys)).toEqual([]);
  });

  it('tells restarts above the threshold within the window', async () => {
    const id = await insertApplication(t, { projectId, environmentId: envId, nom: 'api' });
    const ruleId = await addRule(id, { type: 'restarts', seuil: 3, minutes: 5 });
    await sample(id, -6, -5, () => 100, 2);
    await sample(id, -5, 0, () => 100, 7);
    await evaluateAt(0);
    const [alert, ...more] = await told();
    expect(more).toEqual([]);
    expect(alert).toContain('a redémarré 5 fois en 5 min');

    // A changed rule ends its alert without a message; the next one is told afresh.
    const changed = await call(t, 'PUT', `${API}/deployments/${id}/metric-alerts/${ruleId}`, {
      token: team.developer.token,
      body: { type: 'restarts', seuil: 4, minutes: 5, active: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await told()).toEqual([]);
    await sample(id, 0, 1, () => 100, 12);
    await evaluateAt(1);
    const [again, ...rest] = await told();
    expect(rest).toEqual([]);
    expect(again).toContain('a redémarré 5 fois en 5 min (seuil : plus de 4)');
  });

  it('tells a volume filled beyond its threshold, then its end', async () => {
    const id = await insertApplication(t, { projectId, environmentId: envId, nom: 'archives' });
    await addRule(id, { type: 'disk', seuil: 90, minutes: 10 });
    /** Samples every 30 s in (from, to] minutes after T0, the fullest volume at `percent` %. */
    const disk = async (from: number, to: number, percent: number | null) => {
      const rows = [];
      for (let s = from * 60 + 30; s <= to * 60; s += 30)
        rows.push({
          deploymentId: id,
          at: new Date(T0 + s * 1000),
          cpuMilli: 10,
          ramMb: 100,
          diskUsedMb: percent === null ? null : percent * 10,
          diskPercent: percent,
        });
      await t.database.db.insert(metricSamples).values(rows);
    };
    // Not measured (no volume stats): nothing to say.
    await disk(-11, 0, null);
    await evaluateAt(0);
    expect((await told()).filter((m) => m.includes('archives'))).toEqual([]);
    await disk(0, 11, 94);
    await evaluateAt(11);
    const [alert, ...more] = (await told()).filter((m) => m.includes('archives'));
    expect(more).toEqual([]);
    expect(alert).toContain('Alerte disque : archives');
    expect(alert).toContain(
      'est rempli au-delà de 90 % de sa taille depuis 10 min (94 % en moyenne)',
    );
    // Files deleted: back under the threshold.
    await disk(11, 22, 60);
    await evaluateAt(22);
    const [recovered, ...after] = (await told()).filter((m) => m.includes('archives'));
    expect(after).toEqual([]);
    expect(recovered).toContain('Rétabli (disque) : archives');
    expect(recovered).toContain('sont revenus sous 90 % de leur taille');
  });

  it('stays quiet for a disabled rule', async () => {
    const id = await insertApplication(t, {
      projectId,
      environmentId: envId,
      nom: 'calme',
      cpu: 1,
    });
    await addRule(id, { type: 'cpu', seuil: 50, minutes: 5, active: false });
    await sample(id, -6, 0, () => 990);
    await evaluateAt(0);
    expect(await told()).toEqual([]);
  });

  it("tells a 5xx rate above its threshold from the edge's traffic, then its end", async () => {
    const id = await insertApplication(t, { projectId, environmentId: envId, nom: 'caisse' });
    await addRule(id, { type: 'errors5xx', seuil: 10, minutes: 5 });
    /** One row per minute in (from, to], `requests` of which `errors` answered 5xx. */
    const traffic = async (from: number, to: number, requests: number, errors: number) => {
      const rows = [];
      for (let m = from + 1; m <= to; m++)
        rows.push({
          deploymentId: id,
          at: new Date(T0 + m * MIN),
          requests,
          status2xx: requests - errors,
          status3xx: 0,
          status4xx: 0,
          status5xx: errors,
          durationBuckets: [],
        });
      await t.database.db.insert(trafficSamples).values(rows);
    };
    // A quiet night: 3 requests, 2 failed: no alert on so little.
    await traffic(-5, -4, 3, 2);
    await evaluateAt(0);
    expect((await told()).filter((m) => m.includes('caisse'))).toEqual([]);

    await traffic(0, 5, 40, 10);
    await evaluateAt(5);
    const [alert, ...more] = (await told()).filter((m) => m.includes('caisse'));
    expect(more).toEqual([]);
    expect(alert).toContain('Alerte erreurs 5xx : caisse');
    expect(alert).toContain(
      'erreur 5xx à 25 % des requêtes des 5 dernières minutes (seuil : 10 %)',
    );

    await traffic(5, 10, 40, 1);
    await evaluateAt(10);
    // (The earlier tests' rules are evaluated too: only this application's messages.)
    const [recovered, ...after] = (await told()).filter((m) => m.includes('caisse'));
    expect(after).toEqual([]);
    expect(recovered).toContain('Rétabli (erreurs 5xx) : caisse');
    expect(recovered).toContain('revenues sous 10 % des requêtes');
  });
});
