import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import type { RuntimeDriver } from '../../engine/driver';
import { DOCKER_LABELS } from '../../engine/drivers/docker/labels';
import { EngineApi } from '../../engine/drivers/docker/engine-api';
import { applicationContainers } from '../../engine/drivers/docker/objects';
import { collectMetrics } from '../../engine/drivers/docker/usage';
import { LABELS, type ApplicationRef } from '../../engine/spec';
import { composeSettings } from '../../engine/specs/compose-settings';
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
 * A Compose stack's usage per service from Podman's stats (issue 30 item 2): of its two
 * services, the one that burns a CPU shows it in its own history, the idle one does not, and the
 * whole application's is their sum.
 */
describe.skipIf(skipReason !== null)('metrics per Compose service sampled from Podman', () => {
  const prefix = `ndtest-svcmetrics-${runId()}`;
  const api = new EngineApi(testClient());
  let t: TestApp;
  let team: Team;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp({ metricsHistory: { intervalMs: INTERVAL_MS, diskEveryMs: 300_000 } });
    const created = await teamWithEnvironment(t);
    team = created.team;
    id = await insertApplication(t, {
      projectId: created.project.id,
      environmentId: created.env.id,
      nom: 'pile',
      cpu: 2,
    });
    const service = (name: string) => ({
      name,
      image: 'busybox',
      cpuMilli: 1000,
      ramMb: 256,
      limited: true,
    });
    await t.database.db
      .update(deployments)
      .set({
        runtime: 'docker',
        status: 'RUNNING',
        observedGeneration: 1,
        deployedAt: new Date(),
        sourceKind: 'compose',
        settings: composeSettings({
          exposedService: 'web',
          services: [service('web'), service('worker')],
          volumes: [],
        }),
      })
      .where(eq(deployments.id, id));
    // The stack's two containers as stack.ts labels them: the exposed service's replica, and
    // the other service's container with its Compose name as its alias; the worker burns a CPU.
    const image = `localhost/${prefix}-burn:1`;
    await buildImage(api, image, { cmd: 'sleep 600' });
    const run = async (name: string, component: string, aliases: string[], cmd: string[]) => {
      const cid = await api.createContainer(`${prefix}-${name}`, {
        Image: image,
        Cmd: cmd,
        Labels: {
          [LABELS.deploymentId]: id,
          [LABELS.component]: component,
          [DOCKER_LABELS.template]: JSON.stringify({ aliases }),
        },
        HostConfig: { NanoCpus: 1_000_000_000 },
      });
      await api.startContainer(cid);
    };
    await run('0', 'application', ['pile', 'web'], ['/bin/busybox', 'sleep', '600']);
    await run('worker', 'service', ['worker'], ['/bin/busybox', 'sh', '-c', 'while :; do :; done']);
  }, 60_000);

  afterAll(async () => {
    await sweep(api, { deploymentIds: [id], prefix });
    await t.close();
  }, 60_000);

  const historyOf = async (query: string) =>
    (
      await call(t, 'GET', `${API}/monitoring/applications/${id}/metrics/history?${query}`, {
        token: team.user.token,
      })
    ).json<MetricsHistory>();

  it('shows the busy service’s CPU in its own history, not in the idle one’s', async () => {
    // The docker driver's reading (docker-driver.ts `metrics`), with the stack's services.
    const driver = {
      metrics: async (ref: ApplicationRef) =>
        collectMetrics(
          api,
          [...(await applicationContainers(api, ref.deploymentId, ref.name)).values()],
          ref.stackServices,
        ),
    } as unknown as RuntimeDriver;
    const worker = new MetricsWorker(
      { ...t.app.ctx, engine: { ...t.app.ctx.engine, runtime: 'docker', driver } },
      { intervalMs: INTERVAL_MS },
    );
    const started = Date.now();
    let busy: MetricsHistory | null = null;
    while (Date.now() - started < 50_000) {
      await worker.pass();
      busy = await historyOf('range=1h&service=worker');
      if (busy.series.cpu_milli.length >= 2 && busy.series.cpu_milli.at(-1)! >= 500) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(busy?.series.cpu_milli.at(-1), 'the worker burns half a core or more').toBeGreaterThan(
      500,
    );
    const idle = await historyOf('range=1h&service=web');
    const whole = await historyOf('range=1h');
    expect(idle.series.at).toEqual(busy!.series.at);
    expect(idle.series.cpu_milli.every((v) => v < 200)).toBe(true);
    busy!.series.cpu_milli.forEach((cpu, i) =>
      expect(whole.series.cpu_milli[i]).toBe(cpu + idle.series.cpu_milli[i]!),
    );
    // Podman gives each container's interface totals: each service has its own rate.
    expect(busy!.series.rx_bps.slice(1).every((v) => v !== null && v >= 0)).toBe(true);
    expect(idle.series.rx_bps.slice(1).every((v) => v !== null && v >= 0)).toBe(true);
  }, 60_000);
});
