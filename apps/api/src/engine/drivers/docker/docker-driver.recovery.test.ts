import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';
import type { ApplicationSpec } from '../../spec';
import { LABELS } from '../../spec';
import { refOf } from './converge';
import { DockerDriver } from './docker-driver';
import { EngineApi } from './engine-api';
import { EngineClient, type EngineResponse, type RequestOptions } from './engine-client';
import type { EdgeOptions } from './edge/edge-proxy';
import type { ImagePullError } from './images';
import {
  TEST_HASH_KEY,
  getVia,
  testEdge,
  SOCKET,
  buildTestImages,
  labelledContainers,
  runId,
  skipReason,
  sweep,
  testClient,
  testEnvironment,
  testSpec,
  waitFor,
  type TestImages,
} from '../../../../test/engine/docker/test-support';

// pollMs: a look every 100 ms rather than the server's 500: seconds over the file's applies.
const fastSetup = { waitMs: 30_000, runMs: 30_000, attempts: 2, retryDelayMs: 200, pollMs: 100 };
const here = path.dirname(fileURLToPath(import.meta.url));
/** The child process the crash test kills (a test double: it lives under apps/api/test). */
const crashChild = fileURLToPath(
  new URL('../../../../test/engine/docker/crash-child.ts', import.meta.url),
);

/**
 * The engine carries out the Nth change (POST/PUT/DELETE) and then the answer is lost, as
 * when the API process or the engine dies right after a request: the worst moment, since
 * the object exists and the driver does not know it.
 */
class CutClient extends EngineClient {
  changes = 0;
  constructor(
    socketPath: string,
    private readonly cutAt: number,
  ) {
    super(socketPath, 60_000);
  }

  override async send(method: string, p: string, opts?: RequestOptions): Promise<EngineResponse> {
    if (method !== 'GET' && ++this.changes >= this.cutAt) {
      if (this.changes === this.cutAt) await super.send(method, p, opts);
      throw new RuntimeUnavailableError(`engine cut after ${method} ${p} (test)`);
    }
    return super.send(method, p, opts);
  }
}

describe.skipIf(skipReason !== null)('DockerDriver on a real engine: crashes and repairs', () => {
  const prefix = `ndtest-${runId()}`;
  const api = new EngineApi(testClient());
  const env = testEnvironment(prefix);
  const specs: ApplicationSpec[] = [];
  const drivers: DockerDriver[] = [];
  let images: TestImages;
  let edge: EdgeOptions;

  const newDriver = (client?: EngineClient) => {
    const d = new DockerDriver({
      hashKey: TEST_HASH_KEY,
      socketPath: SOCKET!,
      setup: fastSetup,
      edge,
      ...(client ? { client } : {}),
    });
    drivers.push(d);
    return d;
  };
  const newSpec = (o: Partial<Parameters<typeof testSpec>[0]> = {}) => {
    const s = testSpec({ env, images, nom: `${prefix} site`, ...o });
    specs.push(s);
    return s;
  };

  /** Exactly one container per expected name, all labelled, the application running. */
  const expectOneSet = async (driver: DockerDriver, spec: ApplicationSpec) => {
    const expected = [
      ...Array.from({ length: spec.replicas }, (_, i) => `${spec.name}-${i}`),
      spec.database!.name,
      spec.setup!.name,
    ].sort();
    const labelled = await labelledContainers(api, spec.deploymentId);
    // A replaced replica lives in its second name slot (`-<i>-b`, rollout.ts): one per index.
    const slotless = (n: string) => n.replace(/-(\d+)-b$/, '-$1');
    expect(labelled.map((c) => slotless(c.name)).sort()).toEqual(expected);
    const byName = await api.listContainers({ name: [spec.name] });
    expect(byName).toHaveLength(expected.length);
    const observed = await waitFor(
      'running',
      () => driver.status(refOf(spec)),
      (o) => o.phase === 'running',
    );
    expect((await getVia(observed.url!)).status).toBe(200);
    const volumes = await api.listVolumes({
      label: [`${LABELS.deploymentId}=${spec.deploymentId}`],
    });
    expect(volumes.map((v) => v.Name).sort()).toEqual(
      [spec.app.volume.claimName, spec.database!.volume.claimName].sort(),
    );
    expect((await api.inspectContainer(spec.setup!.name))?.State.ExitCode).toBe(0);
  };

  beforeAll(async () => {
    images = await buildTestImages(api, prefix);
    edge = await testEdge(prefix);
    await newDriver().ensureEnvironment(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(drivers.map((d) => d.close()));
    await sweep(api, { deploymentIds: specs.map((s) => s.deploymentId), prefix });
  }, 180_000);

  it('converges after the engine is cut right after any change of an apply', async () => {
    const spec = newSpec({ replicas: 2 });
    // Cut after the 1st change, then the 2nd, … until an apply makes fewer changes than the
    // cut: how many an apply makes varies (a setup attempt retried under load adds some), so
    // the count of a first uncut apply is no bound.
    for (let cutAt = 1; ; cutAt++) {
      const cut = new CutClient(SOCKET!, cutAt);
      const crashed = newDriver(cut);
      const failure = await crashed.apply(spec).then(
        () => null,
        (err: unknown) => err,
      );
      if (failure === null) {
        // Not cut: every change it made was answered (none swallowed after the cut).
        expect(cut.changes, `uncut apply at ${cutAt}`).toBeLessThan(cutAt);
        expect(cutAt).toBeGreaterThan(8);
        await expectOneSet(crashed, spec);
        await crashed.close();
        await newDriver().remove(refOf(spec)); // its client would cut this remove
        break;
      }
      expect(failure, `cut at change ${cutAt}`).toBeInstanceOf(RuntimeUnavailableError);
      await crashed.close(); // the process is gone: so is its balancer
      const next = newDriver();
      await next.apply(spec);
      await expectOneSet(next, spec);
      await next.remove(refOf(spec));
      await next.close();
    }
  }, 300_000);

  /** Runs apply in a child process and SIGKILLs it once its Nth container creation is answered. */
  const killApplyAfterCreation = async (spec: ApplicationSpec, creations: number) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ndtest-'));
    try {
      const specFile = path.join(dir, 'spec.json');
      await writeFile(specFile, JSON.stringify(spec));
      const args = ['--import', 'tsx', crashChild, SOCKET!, specFile];
      const child = spawn(process.execPath, [...args, String(creations)], {
        cwd: path.resolve(here, '../../../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NDTEST_EDGE: JSON.stringify(edge) },
      });
      let output = '';
      const paused = new Promise<void>((resolve) => {
        const onData = (d: Buffer) => {
          output += d.toString();
          if (output.includes('paused')) resolve();
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
      });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(signal ?? code)),
      );
      await Promise.race([paused, exited]);
      child.kill('SIGKILL');
      expect(await exited, output).toBe('SIGKILL');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('converges after the process running apply is killed half-way', async () => {
    // Killed with the database created but not started: nothing of the application yet.
    const first = newSpec();
    await killApplyAfterCreation(first, 1);
    expect((await api.inspectContainer(first.database!.name))?.State.Status).toBe('created');
    expect(await api.inspectContainer(`${first.name}-0`)).toBeNull();
    const driver = newDriver();
    await driver.apply(first);
    await expectOneSet(driver, first);

    // Killed with the replica created but not started.
    const second = newSpec();
    await killApplyAfterCreation(second, 2);
    expect((await api.inspectContainer(`${second.name}-0`))?.State.Status).toBe('created');
    await driver.apply(second);
    await expectOneSet(driver, second);
  }, 120_000);

  it('removes unlabelled leftovers bearing its names and replaces a container whose spec changed', async () => {
    const spec = newSpec();
    const driver = newDriver();
    await driver.apply(spec);
    const before = await labelledContainers(api, spec.deploymentId);
    const idOf = (list: typeof before, name: string) => list.find((c) => c.name === name)?.id;

    // A stray container with a replica's name and no label (a manual run, an old version).
    await api.createContainer(`${spec.name}-3`, { Image: images.app });
    const changed = { ...spec, app: { ...spec.app, cpuMilli: spec.app.cpuMilli + 50 } };
    await driver.apply(changed);
    const after = await labelledContainers(api, spec.deploymentId);
    expect(await api.inspectContainer(`${spec.name}-3`)).toBeNull();
    // Replaced by a successor in its second slot; the old one is gone.
    expect(idOf(after, `${spec.name}-0`)).toBeUndefined();
    expect(idOf(after, `${spec.name}-0-b`)).toBeDefined();
    expect(idOf(after, spec.database!.name)).toBe(idOf(before, spec.database!.name));
    expect(idOf(after, spec.setup!.name)).toBe(idOf(before, spec.setup!.name));
    const replica = await api.client.json<{ HostConfig: { NanoCpus: number } }>(
      'GET',
      `/containers/${spec.name}-0-b/json`,
    );
    expect(replica.HostConfig.NanoCpus).toBe((spec.app.cpuMilli + 50) * 1e6);
    await expectOneSet(driver, changed);
  }, 120_000);

  it('keeps serving through the edge proxy while no API process runs; the URL stays', async () => {
    const spec = newSpec();
    const first = newDriver();
    await first.apply(spec);
    const url = (
      await waitFor(
        'running',
        () => first.status(refOf(spec)),
        (o) => o.phase === 'running',
      )
    ).url!;
    await first.close(); // the API process stops: the proxy is not part of it
    for (let i = 0; i < 5; i++) expect((await getVia(url)).body).toBe('ndtest page\n');

    const second = newDriver();
    const again = await second.status(refOf(spec));
    expect(again.url).toBe(url);
    expect((await getVia(url)).body).toBe('ndtest page\n');
    await second.close();
  }, 120_000);

  it('reports a container that keeps exiting as failed, with its exit code and last line', async () => {
    const spec = newSpec();
    spec.app = { ...spec.app, image: images.crashing };
    const driver = newDriver();
    await driver.apply({ ...spec, setup: null });
    // Seen between two restarts (the engine resets the exit code while it runs again).
    const observed = await waitFor(
      'failed with its exit code',
      () => driver.status(refOf(spec)),
      (o) => o.phase === 'failed' && (o.reason ?? '').includes('exit code'),
      60_000,
    );
    expect(observed.reason).toContain(`${spec.name}-0: exit code 7`);
    expect(observed.reason).toContain('fatal: cannot start ndtest');
    expect(observed.pods.find((p) => p.name === `${spec.name}-0`)?.status).toBe('Failed');
  }, 90_000);

  it('reports a failed setup task without failing the application', async () => {
    const spec = newSpec({ setupImage: images.failingCli });
    const driver = newDriver();
    await driver.apply(spec);
    const observed = await waitFor(
      'running',
      () => driver.status(refOf(spec)),
      (o) => o.phase === 'running',
    );
    expect(observed.reason).toContain(`setup task failed: ${spec.setup!.name}: exit code 3`);
    expect(observed.pods.find((p) => p.name === spec.setup!.name)).toMatchObject({
      status: 'Failed',
    });
    // A later apply tries the task again rather than trusting a failed run.
    const id = (await api.inspectContainer(spec.setup!.name))?.Id;
    await driver.apply(spec);
    expect((await api.inspectContainer(spec.setup!.name))?.Id).not.toBe(id);
  }, 120_000);

  it('fails with the pull error when an image is neither local nor pullable', async () => {
    const spec = newSpec();
    const absent = `localhost/${prefix}-absent:1`;
    spec.app = { ...spec.app, image: absent };
    const error = await newDriver()
      .apply(spec)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeRejectedError);
    // In French, for the user: the registry of the image does not answer, or has no such image.
    expect((error as Error).message).toMatch(
      /^(L’image « .+ » est introuvable|Le registre « localhost » ne répond pas|L’image « .+ » n’a pas pu être téléchargée)/,
    );
    expect((error as ImagePullError).preparations).toEqual([
      expect.objectContaining({
        image: absent,
        kind: 'pull',
        status: 'failed',
        error: expect.any(String),
      }),
    ]);
    expect(await labelledContainers(api, spec.deploymentId)).toEqual([]); // nothing half-made
  });
});
