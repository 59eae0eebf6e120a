import { metricsHistoryNotices, metricsHistoryTexts } from '@nuage/shared/messages/metrics-history';
import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricMonitors, metricRollups, metricSamples } from '../../db/schema/metrics';
import {
  deployApp,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import {
  API,
  expectIssue,
  insertApplication,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { RuntimeDriver } from '../../engine/driver';
import { maintainMetrics } from './rollups';
import { MetricsWorker } from './worker';

/** GET /monitoring/applications/{id}/metrics/history: what the graphs of the application page read. */
let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  team = created.team;
  projectId = created.project.id;
  envId = created.env.id;
});
afterAll(() => t.close());

const historyUrl = (id: string, range?: string) =>
  `${API}/monitoring/applications/${id}/metrics/history${range ? `?range=${range}` : ''}`;

async function historyOf(id: string, range?: string, token = team.user.token) {
  const res = await call(t, 'GET', historyUrl(id, range), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MetricsHistory>();
}

describe('sampling a running application', () => {
  it('stores the simulation runtime’s usage, labelled simulated, with network rates from the second sample on', async () => {
    const app = await deployApp(t, team.developer.token, envId, {
      nom: 'Boutique',
      cpu: 0.5,
      ram: 1,
    });
    await reconcileToStatus(t, app.id, 'RUNNING');
    const empty = await historyOf(app.id, '1h');
    expect(empty.series.at).toEqual([]);
    expect(empty.simulated).toBe(true);

    const now = Date.now();
    await t.app.metricsWorker.pass(new Date(now));
    // The first slot falls at a random moment of the interval: make it due now.
    await t.database.db
      .update(metricMonitors)
      .set({ nextSampleAt: new Date(now) })
      .where(eq(metricMonitors.deploymentId, app.id));
    expect(await t.app.metricsWorker.pass(new Date(now))).toBe(1);
    // Nothing is due again within the interval.
    expect(await t.app.metricsWorker.pass(new Date(now + 1000))).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await t.app.metricsWorker.pass(new Date(now + t.config.metricsHistory.intervalMs))).toBe(
      1,
    );

    const h = await historyOf(app.id, '1h');
    expect(h).toMatchObject({ resolution: 'raw', simulated: true, notice: null });
    expect(h.limits).toEqual({
      cpu_milli: 500,
      ram_mb: 1000,
      disk_mb: Math.round(app.stockage_requis * 1000),
    });
    expect(h.series.at).toHaveLength(2);
    expect(h.series.cpu_milli.every((v) => v > 0 && v <= 500)).toBe(true);
    expect(h.series.rx_bps[0]).toBeNull();
    expect(h.series.rx_bps[1]).toBeGreaterThan(0);
    // The simulated volume: a share of the application's storage, never full.
    expect(h.disk_notice).toBeNull();
    for (const [used, percent] of h.series.disk_used_mb.map((v, i) => [
      v,
      h.series.disk_percent[i],
    ]))
      expect({ used: used! > 0 && used! < h.limits.disk_mb, percent: percent! }).toEqual({
        used: true,
        percent: expect.toSatisfy((p: number) => p >= 20 && p <= 61),
      });
    // The 24 h view shows the minutes not rolled up yet.
    const day = await historyOf(app.id, '24h');
    expect(day.resolution).toBe('5m');
    expect(day.series.at.length).toBeGreaterThanOrEqual(1);
  });
});

describe('a Kubernetes cluster without metrics-server', () => {
  it('stores and shows a French notice instead of samples, cleared by the next measure', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Sans mesures' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    // The Kubernetes driver answers null when metrics.k8s.io is missing (pod-reads.ts).
    let answer: Awaited<ReturnType<RuntimeDriver['metrics']>> = null;
    const driver = { metrics: async () => answer } as unknown as RuntimeDriver;
    const ctx = t.app.ctx;
    const worker = new MetricsWorker(
      { ...ctx, engine: { ...ctx.engine, runtime: 'kubernetes', driver } },
      { intervalMs: 60_000 },
    );
    const now = Date.now();
    await worker.pass(new Date(now));
    await t.database.db
      .update(metricMonitors)
      .set({ nextSampleAt: new Date(now) })
      .where(eq(metricMonitors.deploymentId, app.id));
    await worker.pass(new Date(now));
    const h = await historyOf(app.id, '1h');
    expect(h.notice).toBe(metricsHistoryNotices.metricsServerMissing);
    expect(h.series.at).toEqual([]);

    answer = {
      cpuMilli: 120,
      ramMb: 300,
      pods: [],
      source: 'kubernetes',
      collectedAt: new Date().toISOString(),
    };
    await worker.pass(new Date(now + 60_000));
    const measured = await historyOf(app.id, '1h');
    expect(measured.notice).toBeNull();
    expect(measured.series.cpu_milli).toEqual([120]);
    expect(measured.series.rx_bps).toEqual([null]);
  });
});

describe('the volumes’ disk use', () => {
  it('stores the fullest volume’s % and the MB used, rolls them up, and keeps the kubelet’s notice', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Disque' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    let usage: Awaited<ReturnType<NonNullable<RuntimeDriver['volumeUsage']>>> = {
      volumes: [
        { name: 'fichiers', usedBytes: 900e6, capacityBytes: 1000e6 },
        { name: 'base', usedBytes: 100e6, capacityBytes: 4000e6 },
      ],
      measuredAt: new Date().toISOString(),
      notice: null,
    };
    const driver = {
      metrics: async () => ({
        cpuMilli: 100,
        ramMb: 200,
        pods: [],
        source: 'kubernetes',
        collectedAt: new Date().toISOString(),
      }),
      volumeUsage: async () => usage,
    } as unknown as RuntimeDriver;
    const ctx = t.app.ctx;
    const worker = new MetricsWorker(
      { ...ctx, engine: { ...ctx.engine, runtime: 'kubernetes', driver } },
      { intervalMs: 60_000 },
    );
    const now = Date.now();
    await worker.pass(new Date(now));
    await t.database.db
      .update(metricMonitors)
      .set({ nextSampleAt: new Date(now) })
      .where(eq(metricMonitors.deploymentId, app.id));
    await worker.pass(new Date(now));
    const h = await historyOf(app.id, '1h');
    // 1 000 MB in all; the files volume is the fullest, at 90 % of its size.
    expect(h.series.disk_used_mb).toEqual([1000]);
    expect(h.series.disk_percent).toEqual([90]);
    expect(h.disk_notice).toBeNull();
    // The 24 h view (rolled up now) keeps the highest.
    expect((await historyOf(app.id, '24h')).series.disk_percent).toEqual([90]);

    usage = {
      volumes: [],
      measuredAt: new Date().toISOString(),
      notice: metricsHistoryNotices.diskStatsForbidden,
    };
    await new Promise((r) => setTimeout(r, 10));
    await worker.pass(new Date(now + 60_000));
    const refused = await historyOf(app.id, '1h');
    expect(refused.disk_notice).toBe(metricsHistoryNotices.diskStatsForbidden);
    // The CPU is still measured; the disk is not.
    expect(refused.series.cpu_milli).toEqual([100, 100]);
    expect(refused.series.disk_percent).toEqual([90, null]);
  });

  it('keeps a bucket’s highest disk use in the 5-minute and hourly roll-ups', async () => {
    const id = await insertApplication(t, { projectId, environmentId: envId, nom: 'remplie' });
    // Later than any turn the other tests made (the roll-ups go on from where they stopped).
    const hourStart = Math.floor(Date.now() / HOUR) * HOUR + 5 * DAY;
    await t.database.db.insert(metricSamples).values(
      [40, 70, 55].map((diskPercent, i) => ({
        deploymentId: id,
        at: new Date(hourStart + i * 10 * MIN),
        cpuMilli: 10,
        ramMb: 10,
        diskUsedMb: diskPercent * 10,
        diskPercent,
      })),
    );
    await maintainMetrics(t.database.db, new Date(hourStart + 2 * HOUR));
    const rows = await t.database.db
      .select()
      .from(metricRollups)
      .where(eq(metricRollups.deploymentId, id));
    expect(
      rows
        .filter((r) => r.stepSeconds === 3600)
        .map((r) => ({ used: r.diskUsedMb, percent: r.diskPercent })),
    ).toEqual([{ used: 700, percent: 70 }]);
    expect(rows.filter((r) => r.stepSeconds === 300).map((r) => r.diskPercent)).toEqual([
      40, 70, 55,
    ]);
  });
});

describe('ranges', () => {
  let id: string;
  const now = Date.now();
  beforeAll(async () => {
    id = await insertApplication(t, { projectId, environmentId: envId, nom: 'ancienne' });
    // Raw samples every 30 s over the last 2 h, 5-minute rows over 8 days, hourly over 40 days.
    const raw = Array.from({ length: 240 }, (_, i) => ({
      deploymentId: id,
      at: new Date(now - (i + 1) * 30_000),
      cpuMilli: 100 + i,
      ramMb: 200,
      rxBps: 1000,
      txBps: 2000,
    }));
    await t.database.db.insert(metricSamples).values(raw);
    const rollup = (step: number, bucketAt: Date) => ({
      deploymentId: id,
      stepSeconds: step,
      bucketAt,
      samples: step / 30,
      cpuAvg: step === 300 ? 150 : 120,
      cpuMax: 400,
      ramAvg: 210,
      ramMax: 300,
      rxAvg: 900,
      txAvg: 1800,
    });
    const fiveMinuteStart = Math.floor(now / (5 * MIN)) * 5 * MIN;
    await t.database.db
      .insert(metricRollups)
      .values(
        Array.from({ length: (8 * DAY) / (5 * MIN) }, (_, i) =>
          rollup(300, new Date(fiveMinuteStart - (i + 1) * 5 * MIN)),
        ),
      );
    const hourStart = Math.floor(now / HOUR) * HOUR;
    await t.database.db
      .insert(metricRollups)
      .values(
        Array.from({ length: 40 * 24 }, (_, i) =>
          rollup(3600, new Date(hourStart - (i + 1) * HOUR)),
        ),
      );
  });

  it('reads the raw samples for 1 h, 5-minute rows for 24 h and 7 days, hourly rows for 30 days', async () => {
    const hour = await historyOf(id, '1h');
    expect(hour).toMatchObject({ range: '1h', resolution: 'raw', simulated: false });
    expect(hour.series.at.length).toBeGreaterThanOrEqual(119);
    expect(hour.series.at.length).toBeLessThanOrEqual(120);

    const day = await historyOf(id, '24h');
    expect(day).toMatchObject({ resolution: '5m', step_seconds: 300 });
    expect(day.series.at.length).toBeGreaterThanOrEqual(287);
    expect(day.series.at.length).toBeLessThanOrEqual(289);
    expect(day.series.cpu_milli_max[0]).toBe(400);

    const week = await historyOf(id, '7d');
    expect(week.series.at.length).toBeGreaterThanOrEqual(7 * 288 - 1);
    expect(week.series.at.length).toBeLessThanOrEqual(7 * 288 + 1);

    const month = await historyOf(id, '30d');
    expect(month).toMatchObject({ resolution: '1h', step_seconds: 3600 });
    expect(month.series.at.length).toBeGreaterThanOrEqual(30 * 24 - 1);
    expect(month.series.at.length).toBeLessThanOrEqual(30 * 24 + 1);
    expect(month.series.at[0]! * 1000).toBeGreaterThanOrEqual(now - 30 * DAY - HOUR);

    for (const h of [hour, day, week, month]) {
      const at = h.series.at;
      expect(at.every((v, i) => i === 0 || v > at[i - 1]!)).toBe(true);
      expect(h.series.cpu_milli).toHaveLength(at.length);
    }
  });

  it('reads 24 h when no period is given, and refuses an unknown one in French', async () => {
    expect((await historyOf(id)).range).toBe('24h');
    const res = await call(t, 'GET', historyUrl(id, '1y'), { token: team.user.token });
    expectIssue(res, ['querystring', 'range'], metricsHistoryTexts.rangeInvalid);
  });

  it('is refused to someone outside the project, and open to a read-only API token', async () => {
    const refused = await call(t, 'GET', historyUrl(id, '1h'), { token: team.outsider.token });
    expect(refused.statusCode).toBe(404);
    const created = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: team.user.token,
      body: {
        nom: 'Tableau de bord',
        portee: 'lecture',
        expire_dans_jours: 30,
        projet_id: projectId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json<{ token: string }>().token;
    const h = await historyOf(id, '1h', token);
    expect(h.series.at.length).toBeGreaterThan(100);
  });
});
