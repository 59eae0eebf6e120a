import { metricsHistoryTexts } from '@nuage/shared/messages/metrics-history';
import { trafficNotices } from '@nuage/shared/messages/traffic-metrics';
import type { TrafficHistory } from '@nuage/shared/schemas/responses/traffic-metrics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficRollups, trafficSamples } from '../../db/schema/traffic';
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
import type { RuntimeDriver, TrafficMinute, TrafficReading } from '../../engine/driver';
import { readIngressTraffic } from '../../engine/drivers/kubernetes/ingress-traffic';
import { emptyBuckets } from '../../lib/traffic-histogram';
import { TrafficWorker } from './worker';

/** GET /monitoring/applications/{id}/traffic: what the traffic card of the application page reads. */
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

const trafficUrl = (id: string, range?: string) =>
  `${API}/monitoring/applications/${id}/traffic${range ? `?range=${range}` : ''}`;

async function trafficOf(id: string, range?: string, token = team.user.token) {
  const res = await call(t, 'GET', trafficUrl(id, range), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TrafficHistory>();
}

/** A worker reading from a driver that answers `reading` (other runtimes' readers). */
function workerWith(runtime: 'docker' | 'kubernetes', read: RuntimeDriver['readTraffic']) {
  const driver = { readTraffic: read } as unknown as RuntimeDriver;
  const ctx = t.app.ctx;
  return new TrafficWorker(
    { ...ctx, engine: { ...ctx.engine, runtime, driver } },
    { intervalMs: 60_000 },
  );
}

/** `n` requests of one status, each in the 10–25 ms bucket. */
function minute(deploymentId: string, at: number, n: number, status = 200): TrafficMinute {
  const buckets = emptyBuckets();
  buckets[4] = n;
  const cls = Math.floor(status / 100);
  return {
    deploymentId,
    at,
    requests: n,
    status2xx: cls === 2 ? n : 0,
    status3xx: cls === 3 ? n : 0,
    status4xx: cls === 4 ? n : 0,
    status5xx: cls === 5 ? n : 0,
    buckets,
  };
}

const edgeReading = (minutes: TrafficMinute[]): TrafficReading => ({
  cursor: 'c',
  minutes,
  source: 'edge',
  notice: null,
});

describe('the simulation runtime', () => {
  it('computes plausible traffic for a running application, labelled simulated', async () => {
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Boutique simulée' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    const now = Date.now();
    await t.app.trafficWorker.pass(new Date(now));
    await t.app.trafficWorker.pass(new Date(now + 2 * MIN));
    const asked = Date.now();
    const h = await trafficOf(app.id, '1h');
    expect(h).toMatchObject({
      source: 'simulation',
      simulated: true,
      notice: null,
      step_seconds: 60,
    });
    // One point per finished minute of the hour, zeros where nothing was served.
    expect(h.series.at).toHaveLength(60);
    // The last one is the minute before the one in progress.
    expect(h.series.at.at(-1)).toBeGreaterThanOrEqual(Math.floor(asked / MIN) * 60 - 60);
    expect(h.series.at.at(-1)! + 60).toBeLessThanOrEqual(Date.now() / 1000);
    expect(h.totals.requests).toBeGreaterThan(0);
    const { status_2xx, status_3xx, status_4xx, status_5xx } = h.totals;
    expect(status_2xx + status_3xx + status_4xx + status_5xx).toBe(h.totals.requests);
    expect(status_2xx).toBeGreaterThan(status_4xx);
    const i = h.series.requests_per_minute.findIndex((n) => n > 0);
    const p50 = h.series.p50_ms[i]!;
    expect(p50).toBeGreaterThan(5);
    expect(p50).toBeLessThan(1000);
    expect(h.series.p95_ms[i]!).toBeGreaterThanOrEqual(p50);
    expect(h.series.p50_ms[h.series.requests_per_minute.indexOf(0)]).toBeNull();
  });
});

describe('stored minutes, roll-ups and pruning', () => {
  let id: string;

  it('adds up a minute read in two parts, and keeps a percentile from the histogram', async () => {
    id = await insertApplication(t, { projectId, environmentId: envId, nom: 'Vitrine' });
    const now = Date.now();
    const at = Math.floor(now / MIN) * MIN - 2 * MIN;
    let next: TrafficMinute[] = [minute(id, at, 30), minute(id, at + MIN, 4, 503)];
    const worker = workerWith('docker', async () => edgeReading(next));
    await worker.pass(new Date(now));
    next = [minute(id, at, 10, 404)];
    await worker.pass(new Date(now + 1000));
    const h = await trafficOf(id, '1h');
    expect(h).toMatchObject({ source: 'edge', simulated: false });
    const i = h.series.at.indexOf(at / 1000);
    expect(h.series.requests_per_minute[i]).toBe(40);
    expect(h.series.status_2xx[i]).toBe(30);
    expect(h.series.status_4xx[i]).toBe(10);
    expect(h.series.status_5xx[i + 1]).toBe(4);
    // Every request in 10–25 ms: the median is the middle of that bucket.
    expect(h.series.p50_ms[i]).toBe(17.5);
    expect(h.totals).toEqual({
      requests: 44,
      status_2xx: 30,
      status_3xx: 0,
      status_4xx: 10,
      status_5xx: 4,
    });
  });

  it('reads 5-minute sums for 24 h and hourly sums for 30 days, and prunes past 48 h', async () => {
    const now = Date.now();
    const hourAgo = Math.floor(now / HOUR) * HOUR - 3 * HOUR;
    // 12 requests a minute for a whole hour three hours ago, and one minute three days ago.
    const minutes = Array.from({ length: 60 }, (_, k) => minute(id, hourAgo + k * MIN, 12));
    const old = Math.floor((now - 3 * DAY) / HOUR) * HOUR;
    const worker = workerWith('docker', async () => edgeReading([...minutes, minute(id, old, 7)]));
    await worker.pass(new Date(now));
    const day = await trafficOf(id, '24h');
    expect(day.resolution).toBe('5m');
    const i = day.series.at.indexOf(hourAgo / 1000);
    expect(day.series.status_2xx.slice(i, i + 12)).toEqual(new Array(12).fill(60));
    expect(day.series.requests_per_minute[i]).toBe(12);
    const rolled = await t.database.db
      .select()
      .from(trafficRollups)
      .where(eq(trafficRollups.deploymentId, id));
    expect(rolled.some((r) => r.stepSeconds === 3600 && r.requests === 720)).toBe(true);
    const month = await trafficOf(id, '30d');
    expect(month.resolution).toBe('1h');
    expect(month.series.requests_per_minute[month.series.at.indexOf(hourAgo / 1000)]).toBe(12);
    expect(month.series.p95_ms[month.series.at.indexOf(hourAgo / 1000)]).toBe(24.3); // 10 + 15 × 0.95, to a tenth
    // The minute three days ago went with the pruning (raw rows are kept 48 h).
    const raw = await t.database.db
      .select()
      .from(trafficSamples)
      .where(eq(trafficSamples.deploymentId, id));
    expect(raw.some((r) => r.at.getTime() === old)).toBe(false);
  });

  it('reads 24 h when no period is given, and refuses an unknown one in French', async () => {
    expect((await trafficOf(id)).range).toBe('24h');
    const res = await call(t, 'GET', trafficUrl(id, '1y'), { token: team.user.token });
    expectIssue(res, ['querystring', 'range'], metricsHistoryTexts.rangeInvalid);
  });

  it('is refused to someone outside the project', async () => {
    const refused = await call(t, 'GET', trafficUrl(id, '1h'), { token: team.outsider.token });
    expect(refused.statusCode).toBe(404);
  });
});

describe('a Kubernetes cluster', () => {
  it('says in French that INGRESS_METRICS_URL is needed when it is not set', async () => {
    const id = await insertApplication(t, { projectId, environmentId: envId, nom: 'Sans ingress' });
    const worker = workerWith('kubernetes', (input) =>
      readIngressTraffic({ url: undefined, ...input, deploymentOf: async () => undefined }),
    );
    await worker.pass(new Date());
    const h = await trafficOf(id, '1h');
    expect(h).toMatchObject({ source: 'ingress', notice: trafficNotices.ingressMetricsUrlMissing });
    expect(h.totals.requests).toBe(0);
  });
});
