import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import type { RuntimeDriver } from '../../engine/driver';
import { EngineApi } from '../../engine/drivers/docker/engine-api';
import { applicationContainers } from '../../engine/drivers/docker/objects';
import { collectMetrics } from '../../engine/drivers/docker/usage';
import { LABELS } from '../../engine/spec';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, insertApplication, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  buildImage,
  runId,
  skipReason,
  sweep,
  testClient,
} from '../../../test/engine/docker/test-support';
import { MetricsWorker } from './worker';

const INTERVAL_MS = 3_000;

/**
 * Podman's stats API under a real load (issue 28): a container idles, then burns a CPU; the
 * samples the worker stores every 3 s show the rise within a minute, and the network totals
 * become rates.
 */
describe.skipIf(skipReason !== null)('metrics sampled from Podman under load', () => {
  const prefix = `ndtest-metrics-${runId()}`;
  const api = new EngineApi(testClient());
  let t: TestApp;
  let team: Team;
  let id: string;
  let cid: string;

  /** A busy loop in the container, left running (the exec is detached). */
  async function startBurning() {
    const exec = await api.client.json<{ Id: string }>('POST', `/containers/${cid}/exec`, {
      body: { Cmd: ['/bin/busybox', 'sh', '-c', 'while :; do :; done'] },
    });
    await api.client.request('POST', `/exec/${exec.Id}/start`, { body: { Detach: true } });
  }

  beforeAll(async () => {
    t = await createTestApp({ metricsHistory: { intervalMs: INTERVAL_MS, diskEveryMs: 300_000 } });
    const created = await teamWithEnvironment(t);
    team = created.team;
    id = await insertApplication(t, {
      projectId: created.project.id,
      environmentId: created.env.id,
      nom: 'brûleuse',
      cpu: 1,
    });
    await t.database.db
      .update(deployments)
      .set({ runtime: 'docker', status: 'RUNNING', observedGeneration: 1, deployedAt: new Date() })
      .where(eq(deployments.id, id));
    // The application's container as the docker driver labels it, idle until the test starts a
    // busy loop in it (a busybox image built from the host's, like the driver's own tests).
    const image = `localhost/${prefix}-burn:1`;
    await buildImage(api, image, { cmd: 'sleep 600' });
    cid = await api.createContainer(`${prefix}-app-1`, {
      Image: image,
      Labels: { [LABELS.deploymentId]: id, [LABELS.component]: 'application' },
      HostConfig: { NanoCpus: 1_000_000_000 },
    });
    await api.startContainer(cid);
  }, 60_000);

  afterAll(async () => {
    await sweep(api, { deploymentIds: [id], prefix });
    await t.close();
  }, 60_000);

  it('stores a CPU rise within a minute', async () => {
    // The docker driver's reading (docker-driver.ts `metrics`): its containers, then the stats.
    const driver = {
      metrics: async (ref: { deploymentId: string; name: string }) =>
        collectMetrics(api, [
          ...(await applicationContainers(api, ref.deploymentId, ref.name)).values(),
        ]),
    } as unknown as RuntimeDriver;
    const worker = new MetricsWorker(
      { ...t.app.ctx, engine: { ...t.app.ctx.engine, runtime: 'docker', driver } },
      { intervalMs: INTERVAL_MS },
    );
    const started = Date.now();
    let history: MetricsHistory | null = null;
    const idleAt = (h: MetricsHistory) => h.series.cpu_milli.findIndex((v) => v < 200);
    const rose = (h: MetricsHistory) => {
      const idle = idleAt(h);
      return idle >= 0 && h.series.cpu_milli.slice(idle + 1).some((v) => v >= 500);
    };
    // The load starts once an idle sample is stored, however long the set-up took (a fixed
    // `sleep` before the loop raced with a slow machine's first sample).
    let burning = false;
    let burnStarted = 0;
    while (Date.now() - started < 80_000) {
      await worker.pass();
      const res = await call(
        t,
        'GET',
        `${API}/monitoring/applications/${id}/metrics/history?range=1h`,
        { token: team.user.token },
      );
      history = res.json<MetricsHistory>();
      if (rose(history)) break;
      if (!burning && idleAt(history) >= 0) {
        await startBurning();
        burning = true;
        burnStarted = Date.now();
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(history?.series.cpu_milli, 'idle first, then at least half a core').toSatisfy(() =>
      rose(history!),
    );
    // The rise is seen within a minute of the load starting.
    expect(Date.now() - burnStarted).toBeLessThan(60_000);
    expect(history!.simulated).toBe(false);
    expect(history!.series.ram_mb.every((v) => v >= 0 && v < 100)).toBe(true);
    // The second sample on has a network rate (Podman gives the interface's totals).
    expect(history!.series.rx_bps.slice(1).every((v) => v !== null && v >= 0)).toBe(true);
    expect(history!.series.restarts.at(-1)).toBe(0);
  }, 90_000);
});
