import { metricsHistoryTexts } from '@nuage/shared/messages/metrics-history';
import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricMonitors, metricServiceSamples } from '../../db/schema/metrics';
import type { ApplicationMetrics, RuntimeDriver } from '../../engine/driver';
import type { ApplicationRef } from '../../engine/spec';
import {
  deployApp,
  projectWithQuotas,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { maintainMetrics } from './rollups';
import { MetricsWorker } from './worker';

/**
 * A Compose application's history per service (issue 30 item 2): each service's samples stored
 * beside the application's, rolled up alike, and answered by the history route's `service`.
 */
let t: TestApp;
let team: Team;
let envId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  team = created.team;
  envId = created.env.id;
});
afterAll(() => t.close());

// web: 0.25 core and 256 MiB (269 MB) from the file; db: the default 0.5 core, 512 MB.
const STACK = `
services:
  web:
    image: node:22-slim
    deploy:
      resources:
        limits:
          cpus: "0.25"
          memory: 256M
  db:
    image: postgres:16
`;

let counter = 0;
/** Each stack in an environment of its own: its service names are that environment's. */
async function deployStack(): Promise<string> {
  counter += 1;
  const envId = (await projectWithQuotas(t, team, 8, 16, 40)).env.id;
  const res = await call(t, 'POST', `${API}/deployments/${envId}/deploy/compose`, {
    token: team.developer.token,
    body: { nom: `pile-${counter}`, fichier_compose: STACK, service_expose: 'web', port: 8080 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ id: string }>();
  await reconcileToStatus(t, id, 'RUNNING');
  return id;
}

const historyUrl = (id: string, query: string) =>
  `${API}/monitoring/applications/${id}/metrics/history?${query}`;

async function historyOf(id: string, query: string) {
  const res = await call(t, 'GET', historyUrl(id, query), { token: team.user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MetricsHistory>();
}

/** Makes the application's first slot due now (it falls at a random moment of the interval). */
async function dueNow(worker: MetricsWorker, id: string, now: number) {
  await worker.pass(new Date(now));
  await t.database.db
    .update(metricMonitors)
    .set({ nextSampleAt: new Date(now) })
    .where(eq(metricMonitors.deploymentId, id));
}

const serviceSamplesOf = (id: string) =>
  t.database.db
    .select()
    .from(metricServiceSamples)
    .where(eq(metricServiceSamples.deploymentId, id))
    .orderBy(asc(metricServiceSamples.at), asc(metricServiceSamples.service));

describe('a Compose application on the simulation runtime', () => {
  it('stores a sample per service at each reading, the whole application’s being their sum', async () => {
    const id = await deployStack();
    const worker = t.app.metricsWorker;
    const now = Date.now();
    await dueNow(worker, id, now);
    expect(await worker.pass(new Date(now))).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await worker.pass(new Date(now + t.config.metricsHistory.intervalMs))).toBe(1);

    const rows = await serviceSamplesOf(id);
    expect(rows.map((r) => r.service)).toEqual(['db', 'web', 'db', 'web']);
    expect(rows.every((r) => r.simulated && r.diskUsedMb === null)).toBe(true);

    const whole = await historyOf(id, 'range=1h');
    const web = await historyOf(id, 'range=1h&service=web');
    const db = await historyOf(id, 'range=1h&service=db');
    expect(whole.service).toBeNull();
    expect(web).toMatchObject({ service: 'web', simulated: true, resolution: 'raw' });
    // Each service against its own limits; the volumes stay the application's.
    expect(web.limits).toEqual({ cpu_milli: 250, ram_mb: 269, disk_mb: whole.limits.disk_mb });
    expect(db.limits).toMatchObject({ cpu_milli: 500, ram_mb: 512 });
    expect(whole.limits).toMatchObject({ cpu_milli: 750, ram_mb: 781 });
    expect(web.series.at).toEqual(whole.series.at);
    expect(db.series.at).toEqual(whole.series.at);
    whole.series.cpu_milli.forEach((cpu, i) => {
      expect(cpu).toBe(web.series.cpu_milli[i]! + db.series.cpu_milli[i]!);
      expect(whole.series.ram_mb[i]).toBe(web.series.ram_mb[i]! + db.series.ram_mb[i]!);
    });
    expect(web.series.cpu_milli.every((v) => v > 0 && v <= 250)).toBe(true);
    expect(db.series.ram_mb.every((v) => v > 0 && v <= 512)).toBe(true);
    // Rates from each service's own totals, from the second reading on.
    expect(web.series.rx_bps[0]).toBeNull();
    expect(web.series.rx_bps[1]).toBeGreaterThan(0);
    // No disk per service: the volumes are measured for the whole application.
    expect(web.series.disk_used_mb).toEqual([null, null]);
  });
});

describe('a runtime’s figures per service', () => {
  let id: string;
  let worker: MetricsWorker;
  const start = Date.now();
  let reading = 0;

  beforeAll(async () => {
    id = await deployStack();
    // As the docker driver answers for a stack (usage.ts): totals, and each service's share.
    const refs: ApplicationRef[] = [];
    const driver = {
      metrics: async (ref: ApplicationRef): Promise<ApplicationMetrics> => {
        refs.push(ref);
        reading += 1;
        const bytes = reading * 30_000;
        return {
          cpuMilli: 300,
          ramMb: 420,
          pods: [],
          netRxBytes: bytes * 3,
          netTxBytes: bytes * 4,
          restarts: 0,
          services: [
            {
              service: 'web',
              cpuMilli: 200,
              ramMb: 120,
              netRxBytes: bytes * 2,
              netTxBytes: bytes * 3,
              restarts: 0,
            },
            {
              service: 'db',
              cpuMilli: 100,
              ramMb: 300,
              netRxBytes: bytes,
              netTxBytes: bytes,
              restarts: 0,
            },
          ],
          source: 'docker',
          collectedAt: new Date(start + reading * 30_000).toISOString(),
        };
      },
    } as unknown as RuntimeDriver;
    const ctx = t.app.ctx;
    worker = new MetricsWorker(
      { ...ctx, engine: { ...ctx.engine, runtime: 'docker', driver } },
      { intervalMs: 30_000 },
    );
    await dueNow(worker, id, start);
    await worker.pass(new Date(start));
    await worker.pass(new Date(start + 30_000));
    // The runtime was asked for the stack's services, the exposed one named.
    expect(refs[0]?.stackServices).toEqual({ services: ['db', 'web'], exposed: 'web' });
  });

  it('answers each service’s own figures, and the application’s totals as before', async () => {
    const web = await historyOf(id, 'range=1h&service=web');
    expect(web.series).toMatchObject({
      cpu_milli: [200, 200],
      ram_mb: [120, 120],
      // 60 000 and 90 000 more bytes over 30 s.
      rx_bps: [null, 2_000],
      tx_bps: [null, 3_000],
      restarts: [0, 0],
    });
    const db = await historyOf(id, 'range=1h&service=db');
    expect(db.series).toMatchObject({
      cpu_milli: [100, 100],
      ram_mb: [300, 300],
      rx_bps: [null, 1_000],
    });
    const whole = await historyOf(id, 'range=1h');
    expect(whole.series).toMatchObject({
      cpu_milli: [300, 300],
      ram_mb: [420, 420],
      rx_bps: [null, 3_000],
    });
  });

  it('rolls each service up with the application, and reads it over 24 h and 30 days', async () => {
    const later = new Date(start + 3 * 3_600_000);
    await maintainMetrics(t.database.db, later);
    const day = await historyOf(id, 'range=24h&service=db');
    expect(day).toMatchObject({ service: 'db', resolution: '5m' });
    expect(day.series.at.length).toBeGreaterThan(0);
    expect(day.series.cpu_milli.every((v) => v === 100)).toBe(true);
    expect(day.series.ram_mb_max.every((v) => v === 300)).toBe(true);
    const month = await historyOf(id, 'range=30d&service=web');
    expect(month.resolution).toBe('1h');
    expect(month.series.cpu_milli).toContain(200);
    expect((await historyOf(id, 'range=30d')).series.cpu_milli).toContain(300);
  });

  it('refuses a service the application does not have, in French, as a 404', async () => {
    const res = await call(t, 'GET', historyUrl(id, 'range=1h&service=cache'), {
      token: team.user.token,
    });
    expectDetail(res, 404, metricsHistoryTexts.serviceUnknown);
    const invalid = await call(t, 'GET', historyUrl(id, 'service=Web_1'), {
      token: team.user.token,
    });
    expectIssue(invalid, ['querystring', 'service'], metricsHistoryTexts.serviceInvalid);
    // Outside the project, the application itself does not exist.
    const outsider = await call(t, 'GET', historyUrl(id, 'service=web'), {
      token: team.outsider.token,
    });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json<{ detail: string }>().detail).not.toBe(metricsHistoryTexts.serviceUnknown);
  });

  it('has no per-service history for an application that is not a Compose one', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Seule' });
    const res = await call(t, 'GET', historyUrl(app.id, 'service=web'), {
      token: team.user.token,
    });
    expectDetail(res, 404, metricsHistoryTexts.serviceUnknown);
  });
});
