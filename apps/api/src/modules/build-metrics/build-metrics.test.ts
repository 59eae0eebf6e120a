import type { Environment } from '@nuage/shared/api-types';
import type { BuildMetrics } from '@nuage/shared/schemas/responses/build-metrics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetricSamples } from '../../db/schema/build-metrics';
import { builds } from '../../db/schema/builds';
import type { BuildUsage } from '../../engine/builds/builder';
import { codeTestApp, deployCodeApp, runBuildToEnd } from '../../../test/helpers/code-factories';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { loadConfig } from '../../config';
import { BUILD_NOT_FOUND } from '../builds/application-builds';
import { readBuildSamples, recordBuildSample } from './store';

/**
 * A build's usage through the whole pipeline (issue 28 item 1, builds): the builder hands its
 * probe, the build worker's sampler stores what it reads while the build runs, GET
 * /builds/{id}/metrics gives the series and the peaks to the project's members only.
 */
let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;

beforeAll(async () => {
  const defaults = loadConfig({ DATA_DIR: '/tmp', PUBLIC_URL: 'http://plateforme.test' });
  ({ t, builder } = await codeTestApp({
    // A reading every 100 ms: the test does not wait the production's 3 s.
    buildQueue: { ...defaults.buildQueue, metricsSampleMs: 100 },
  }));
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const metricsOf = (buildId: string, token: string) =>
  call(t, 'GET', `${API}/builds/${buildId}/metrics`, { token });

describe('GET /builds/{id}/metrics', () => {
  it('gives the samples taken while the build ran, with its peaks, to the project members', async () => {
    builder.hold = true;
    const app = await deployCodeApp(t, team.developer.token, env);
    await t.app.buildWorker!.tick();
    await builder.waitRunning(1);
    const readings: (BuildUsage | null)[] = [
      { cpuMilli: 150, ramMb: 90 },
      { cpuMilli: 1400, ramMb: 380 },
      null, // between two steps: nothing stored
      { cpuMilli: 700, ramMb: 300 },
    ];
    builder.running.get(app.build_id)!.io.onUsageProbe!(() =>
      Promise.resolve(readings.shift() ?? null),
    );

    // While it runs, the samples and the peak so far show.
    let running: BuildMetrics | null = null;
    for (let i = 0; i < 100 && (running?.series.at.length ?? 0) < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      running = (await metricsOf(app.build_id, team.user.token)).json<BuildMetrics>();
    }
    expect(running).toMatchObject({ status: 'running', peak: { cpu_milli: 1400, ram_mb: 380 } });

    builder.finish(app.build_id);
    builder.hold = false;
    await runBuildToEnd(t, team.developer.token, app.build_id);
    const res = await metricsOf(app.build_id, team.user.token);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json<BuildMetrics>();
    expect(m).toMatchObject({
      build_id: app.build_id,
      status: 'success',
      interval_seconds: 0.1,
      simulated: false,
      notice: null,
      peak: { cpu_milli: 1400, ram_mb: 380 },
      limits: { cpu_milli: t.app.ctx.config.buildQueue.cpuMilli },
    });
    expect(m.series.cpu_milli).toEqual([150, 1400, 700]);
    expect(m.series.ram_mb).toEqual([90, 380, 300]);
    const at = m.series.at;
    expect(at.every((v, i) => i === 0 || v - at[i - 1]! >= 0.08)).toBe(true);

    // Outsiders do not learn that the build exists; no token, no answer.
    const refused = await metricsOf(app.build_id, team.outsider.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ detail: string }>().detail).toBe(BUILD_NOT_FOUND);
    expect((await call(t, 'GET', `${API}/builds/${app.build_id}/metrics`)).statusCode).toBe(401);
    expect((await metricsOf('pas-un-id', team.user.token)).statusCode).toBe(404);
  });

  it('stores one sample per instant, keeps the peaks, and goes with its build', async () => {
    const app = await deployCodeApp(t, team.developer.token, env);
    await runBuildToEnd(t, team.developer.token, app.build_id);
    const db = t.database.db;
    const at = new Date('2026-11-29T10:00:00Z');
    await recordBuildSample(db, app.build_id, { at, cpuMilli: 900, ramMb: 200, simulated: false });
    await recordBuildSample(db, app.build_id, { at, cpuMilli: 5, ramMb: 5, simulated: false });
    await recordBuildSample(db, app.build_id, {
      at: new Date(at.getTime() + 3000),
      cpuMilli: 300,
      ramMb: 250,
      simulated: false,
    });
    expect((await readBuildSamples(db, app.build_id)).map((s) => s.cpuMilli)).toEqual([900, 300]);
    const [row] = await db.select().from(builds).where(eq(builds.id, app.build_id));
    expect([row!.peakCpuMilli, row!.peakRamMb]).toEqual([900, 250]);
    // The fake builder hands no probe: nothing was measured, so no notice either.
    expect(row!.metricsNotice).toBeNull();

    await db.delete(builds).where(eq(builds.id, app.build_id));
    const left = await db
      .select()
      .from(buildMetricSamples)
      .where(eq(buildMetricSamples.buildId, app.build_id));
    expect(left).toHaveLength(0);
  });
});
