import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseNotReadyError } from '../../driver';
import type { ApplicationSpec } from '../../spec';
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
  type TestImages,
} from '../../../../test/engine/docker/test-support';

/**
 * The new replica's readiness wait: long enough that a crash found from its exit (well under
 * it, even at load 15) is told apart from the wait running out (4 s was passed at load 12–17).
 */
const READY_WAIT_S = 8;

/**
 * Health-gated updates (issue 13) on a real engine: a new version that exits at start, or
 * listens on another port than the one declared, never replaces the serving replica.
 */

describe.skipIf(skipReason !== null)('DockerDriver on a real engine: health-gated updates', () => {
  const prefix = `ndtest-${runId()}`;
  const api = new EngineApi(testClient());
  const env = testEnvironment(prefix);
  let images: TestImages;
  let driver: DockerDriver;
  let spec: ApplicationSpec;

  const serving = async () => {
    const o = await driver.status(refOf(spec));
    return { o, body: (await getVia(o.url!, '/')).body };
  };

  beforeAll(async () => {
    images = await buildTestImages(api, prefix);
    driver = new DockerDriver({
      socketPath: SOCKET!,
      hashKey: TEST_HASH_KEY,
      edge: await testEdge(prefix),
      readyWaitMs: READY_WAIT_S * 1000,
    });
    spec = { ...testSpec({ env, images, nom: `${prefix} gate` }), setup: null };
    await driver.ensureEnvironment(env);
    await driver.apply(spec);
    await waitFor(
      'running',
      () => driver.status(refOf(spec)),
      (o) => o.phase === 'running',
    );
  }, 180_000);

  afterAll(async () => {
    await driver?.close();
    await sweep(api, { deploymentIds: spec ? [spec.deploymentId] : [], prefix });
  }, 120_000);

  /** Applies `next` while requesting the application every 200 ms; answers what was served. */
  async function applyWhileRequesting(next: ApplicationSpec) {
    const url = (await driver.status(refOf(spec))).url!;
    const bodies: string[] = [];
    let done = false;
    const poller = (async () => {
      while (!done) {
        bodies.push(await getVia(url, '/').then((r) => `${r.status} ${r.body}`, String));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const started = Date.now();
    const outcome = await driver.apply(next).then(
      () => null,
      (err: unknown) => err,
    );
    done = true;
    await poller;
    return { outcome, bodies, seconds: (Date.now() - started) / 1000 };
  }

  it('removes a new replica that exits at start, at once, and keeps the old one serving', async () => {
    const before = (await api.inspectContainer(`${spec.name}-0`))!.Id;
    const { outcome, bodies, seconds } = await applyWhileRequesting({
      ...spec,
      app: { ...spec.app, image: images.crashing },
    });
    expect(outcome).toBeInstanceOf(ReleaseNotReadyError);
    const reason = (outcome as ReleaseNotReadyError).reason;
    expect(reason).toMatch(/code de sortie 7|redémarre en boucle/);
    expect(reason).toContain('fatal: cannot start ndtest');
    // Detected from the exit, not after the readiness wait.
    expect(seconds).toBeLessThan(READY_WAIT_S);
    expect(bodies.length).toBeGreaterThan(0);
    expect(new Set(bodies)).toEqual(new Set(['200 ndtest page\n']));
    const names = (await labelledContainers(api, spec.deploymentId)).map((c) => c.name).sort();
    expect(names).toEqual([`${spec.name}-0`, spec.database!.name].sort());
    expect((await api.inspectContainer(`${spec.name}-0`))!.Id).toBe(before);
    const { o, body } = await serving();
    expect(o.phase).toBe('running');
    expect(body).toBe('ndtest page\n');
  }, 60_000);

  it('removes a new replica that never answers on its port after the wait, the old one still serving', async () => {
    const { outcome, bodies } = await applyWhileRequesting({
      ...spec,
      app: { ...spec.app, port: spec.app.port + 1 },
    });
    expect(outcome).toBeInstanceOf(ReleaseNotReadyError);
    expect((outcome as ReleaseNotReadyError).reason).toBe(
      `elle n’a pas répondu à son test de disponibilité en ${READY_WAIT_S} s (vérifiez le port d’écoute)`,
    );
    expect(new Set(bodies)).toEqual(new Set(['200 ndtest page\n']));
    expect((await serving()).body).toBe('ndtest page\n');
    // The same spec applied again is a no-op on what serves.
    await driver.apply(spec);
    const names = (await labelledContainers(api, spec.deploymentId)).map((c) => c.name).sort();
    expect(names).toEqual([`${spec.name}-0`, spec.database!.name].sort());
  }, 60_000);
});
