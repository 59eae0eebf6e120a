import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationObservation } from '../../driver';
import type { ApplicationRef, ApplicationSpec } from '../../spec';
import { refOf } from './converge';
import { DockerDriver } from './docker-driver';
import { EngineApi } from './engine-api';
import {
  SOCKET,
  TEST_HASH_KEY,
  buildTestImages,
  getVia,
  labelledContainers,
  runId,
  skipReason,
  sweep,
  testClient,
  testEdge,
  testEnvironment,
  testSpec,
  waitFor,
} from '../../../../test/engine/docker/test-support';

const fastSetup = { waitMs: 30_000, runMs: 30_000, attempts: 2, retryDelayMs: 200, pollMs: 100 };

describe.skipIf(skipReason !== null)(
  'DockerDriver on a real engine: replicas restarted behind its back',
  () => {
    const prefix = `ndtest-${runId()}`;
    const api = new EngineApi(testClient());
    const env = testEnvironment(prefix);
    let driver: DockerDriver;
    let spec: ApplicationSpec;
    let ref: ApplicationRef;

    beforeAll(async () => {
      const images = await buildTestImages(api, prefix);
      driver = new DockerDriver({
        socketPath: SOCKET!,
        setup: fastSetup,
        hashKey: TEST_HASH_KEY,
        edge: await testEdge(prefix),
      });
      await driver.start();
      spec = testSpec({ env, images, nom: `${prefix} shop` });
      ref = refOf(spec);
      await driver.ensureEnvironment(env);
      await driver.apply(spec);
    }, 180_000);

    afterAll(async () => {
      await driver?.close();
      await sweep(api, { deploymentIds: spec ? [spec.deploymentId] : [], prefix });
    }, 120_000);

    it('serves a replica the engine started again at a new address within seconds, with no observation', async () => {
      const { url } = await waitFor<ApplicationObservation>(
        'phase running',
        () => driver.status(ref),
        (o) => o.phase === 'running',
      );
      expect((await getVia(url!)).status).toBe(200);
      const [replica] = (await labelledContainers(api, spec.deploymentId)).filter((c) =>
        /-\d+(-b)?$/.test(c.name),
      );
      const addressOf = async () =>
        (await api.inspectContainer(replica!.id))?.NetworkSettings.Networks?.[env.namespace]
          ?.IPAddress;
      const before = await addressOf();

      // Stopped (a crash), its address taken meanwhile by another container, then started
      // again as the engine's restart policy or an operator would: a new address.
      await api.client.request('POST', `/containers/${replica!.id}/stop`, { query: { t: 0 } });
      const squatter = await api.client.json<{ Id: string }>('POST', '/containers/create', {
        query: { name: `${prefix}-squatter` },
        body: {
          Image: spec.app.image,
          Cmd: ['sleep', '600'],
          HostConfig: { NetworkMode: env.namespace },
        },
      });
      await api.client.request('POST', `/containers/${squatter.Id}/start`);
      await api.client.request('POST', `/containers/${replica!.id}/start`);
      expect(await addressOf()).not.toBe(before);

      // The proxy learns it from the engine's events: no status() call, no reconciler here.
      const answers: number[] = [];
      const deadline = Date.now() + 8_000;
      while (Date.now() < deadline) {
        const status = await getVia(url!).then(
          (r) => r.status,
          () => 0,
        );
        answers.push(status);
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(answers.at(-1), `answers after the restart: ${answers.join(', ')}`).toBe(200);
    });
  },
);
