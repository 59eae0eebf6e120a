import type { AccountMetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricRollupMarks, metricRollups, metricSamples } from '../../db/schema/metrics';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createTeamProject,
  createEnvironment,
  insertApplication,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/** GET /dashboard/metrics/history: what the dashboard's graphs read, summed over the projects. */
let t: TestApp;
let team: Team;
let firstProjectId: string;
const MIN = 60_000;
const now = Date.now();
const minute = (ms: number) => Math.floor(ms / MIN) * MIN;

beforeAll(async () => {
  t = await createTestApp();
  const first = await teamWithEnvironment(t);
  team = first.team;
  firstProjectId = first.project.id;
  // A second project of the same team, and one the team's user is not a member of.
  const second = await createTeamProject(t, team, { nom: 'Deuxième projet' });
  const secondEnv = await createEnvironment(t, team.admin.token, second.project.id);
  const a = await insertApplication(t, {
    projectId: first.project.id,
    environmentId: first.env.id,
    cpu: 0.5,
    ram: 1,
    replicas: 2,
  });
  const b = await insertApplication(t, {
    projectId: second.project.id,
    environmentId: secondEnv.id,
    cpu: 0.25,
    ram: 0.5,
  });
  // Two samples per application in each of the last 10 whole minutes.
  const rows = [a, b].flatMap((id, k) =>
    Array.from({ length: 20 }, (_, i) => ({
      deploymentId: id,
      at: new Date(minute(now) - (Math.floor(i / 2) + 1) * MIN + (i % 2) * 30_000),
      cpuMilli: k === 0 ? 100 + (i % 2) * 100 : 50,
      ramMb: k === 0 ? 400 : 100,
    })),
  );
  await t.database.db.insert(metricSamples).values(rows);
  // Rolled up to 10 minutes ago: older 5-minute rows come from metric_rollups, newer from samples.
  const mark = new Date(Math.floor(now / (5 * MIN)) * 5 * MIN - 10 * MIN);
  await t.database.db
    .insert(metricRollupMarks)
    .values({ stepSeconds: 300, rolledUntil: mark })
    .onConflictDoUpdate({ target: metricRollupMarks.stepSeconds, set: { rolledUntil: mark } });
  await t.database.db.insert(metricRollups).values(
    [a, b].map((id, k) => ({
      deploymentId: id,
      stepSeconds: 300,
      bucketAt: new Date(mark.getTime() - 60 * MIN),
      samples: 10,
      cpuAvg: k === 0 ? 300 : 30,
      cpuMax: 500,
      ramAvg: 700,
      ramMax: 800,
    })),
  );
});
afterAll(() => t.close());

async function history(range: string, token = team.user.token) {
  const res = await call(t, 'GET', `${API}/dashboard/metrics/history?range=${range}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountMetricsHistory>();
}

describe('the dashboard’s resource graphs', () => {
  it('sums every application of the caller’s projects per sampling period over 1 h, against their reservation', async () => {
    const h = await history('1h');
    // METRICS_SAMPLE_SECONDS' default: as many points as an application's own graph.
    expect(h).toMatchObject({ range: '1h', resolution: 'raw', step_seconds: 30, applications: 2 });
    // 2 × 0.5 core + 0.25; 2 × 1 GB + 0.5.
    expect(h.limits).toEqual({ cpu_milli: 1250, ram_mb: 2500 });
    expect(h.series.at).toHaveLength(20);
    // The first application's sample (100 or 200) plus the second's (50), at each point.
    expect(new Set(h.series.cpu_milli)).toEqual(new Set([150, 250]));
    expect(new Set(h.series.ram_mb)).toEqual(new Set([500]));
    expect(h.series.at.every((v, i) => i === 0 || v === h.series.at[i - 1]! + 30)).toBe(true);
  });

  it('reads the 5-minute roll-ups up to the worker’s mark and the samples after it for 24 h', async () => {
    const h = await history('24h');
    expect(h).toMatchObject({ resolution: '5m', step_seconds: 300 });
    // The rolled-up bucket an hour before the mark: 300 + 30.
    expect(h.series.cpu_milli[0]).toBe(330);
    expect(h.series.ram_mb[0]).toBe(1400);
    // Then the samples' buckets after the mark only (none counted twice).
    expect(h.series.cpu_milli.slice(1).every((v) => v === 200)).toBe(true);
  });

  it('counts only its project for an API token limited to one', async () => {
    const created = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: team.user.token,
      body: { nom: 'Graphes', portee: 'lecture', expire_dans_jours: 30, projet_id: firstProjectId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const h = await history('1h', created.json<{ token: string }>().token);
    expect(h).toMatchObject({ applications: 1, limits: { cpu_milli: 1000, ram_mb: 2000 } });
    // The first application's samples alone (100 or 200).
    expect(new Set(h.series.cpu_milli)).toEqual(new Set([100, 200]));
    expect(new Set(h.series.ram_mb)).toEqual(new Set([400]));
  });

  it('counts nothing of a project the caller is not a member of', async () => {
    const h = await history('1h', team.outsider.token);
    expect(h).toMatchObject({ applications: 0, limits: { cpu_milli: 0, ram_mb: 0 } });
    expect(h.series.at).toEqual([]);
  });

  it('refuses an unknown range in French', async () => {
    const res = await call(t, 'GET', `${API}/dashboard/metrics/history?range=2h`, {
      token: team.user.token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('La période doit être 1h, 24h, 7d ou 30d');
  });
});
