import { inspectNetwork } from './network-reads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationObservation } from '../../driver';
import { LABELS, type ApplicationRef, type ApplicationSpec } from '../../spec';
import { refOf } from './converge';
import { DockerDriver } from './docker-driver';
import { EngineApi } from './engine-api';
import {
  SOCKET,
  TEST_HASH_KEY,
  execIn,
  getVia,
  testEdge,
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

describe.skipIf(skipReason !== null)('DockerDriver on a real engine: application lifecycle', () => {
  const prefix = `ndtest-${runId()}`;
  const api = new EngineApi(testClient());
  const env = testEnvironment(prefix);
  let images: TestImages;
  let driver: DockerDriver;
  let spec: ApplicationSpec;
  let ref: ApplicationRef;

  const running = () =>
    waitFor<ApplicationObservation>(
      'phase running',
      () => driver.status(ref),
      (o) => o.phase === 'running',
    );
  // Through the edge proxy, one connection per request.
  const get = async (url: string, pathname = '/') => (await getVia(url, pathname)).body;

  beforeAll(async () => {
    images = await buildTestImages(api, prefix);
    driver = new DockerDriver({
      socketPath: SOCKET!,
      setup: fastSetup,
      hashKey: TEST_HASH_KEY,
      edge: await testEdge(prefix),
    });
    spec = testSpec({ env, images, nom: `${prefix} blog` });
    ref = refOf(spec);
  }, 120_000);

  afterAll(async () => {
    await driver?.close();
    await sweep(api, { deploymentIds: spec ? [spec.deploymentId] : [], prefix });
  }, 120_000);

  it('applies the application: network, volumes, database, a limited replica, setup, a URL', async () => {
    await driver.ensureEnvironment(env);
    const { preparations } = await driver.apply(spec);
    expect(preparations).toEqual([]); // every image is local: nothing pulled

    const network = await inspectNetwork(api.client, env.namespace);
    expect(network?.labels[LABELS.environmentId]).toBe(env.environmentId);
    for (const claim of [spec.app.volume.claimName, spec.database!.volume.claimName]) {
      expect((await api.inspectVolume(claim))?.Labels?.[LABELS.deploymentId]).toBe(
        spec.deploymentId,
      );
    }

    const replica = await api.client.json<{
      HostConfig: { NanoCpus: number; Memory: number; RestartPolicy: { Name: string } };
      NetworkSettings: { Ports: Record<string, { HostIp: string }[]> };
      Mounts: { Name: string; Destination: string }[];
    }>('GET', `/containers/${spec.name}-0/json`);
    expect(replica.HostConfig.NanoCpus).toBe(spec.app.cpuMilli * 1e6);
    expect(replica.HostConfig.Memory).toBe(spec.app.ramMb * 1e6);
    expect(replica.HostConfig.RestartPolicy.Name).toBe('unless-stopped');
    // Published on loopback only, for the readiness probes; users go through the edge proxy.
    expect(replica.NetworkSettings.Ports['80/tcp']?.[0]?.HostIp).toBe('127.0.0.1');
    expect(replica.Mounts).toContainEqual(
      expect.objectContaining({ Name: spec.app.volume.claimName, Destination: '/var/www/html' }),
    );
    const db = await api.client.json<{
      NetworkSettings: { Networks: Record<string, { Aliases: string[] | null }> };
    }>('GET', `/containers/${spec.database!.name}/json`);
    expect(db.NetworkSettings.Networks[env.namespace]?.Aliases).toContain(
      spec.database!.serviceName,
    );

    // The setup task ran once the database answered, with the template's command, and succeeded.
    const setup = await api.inspectContainer(spec.setup!.name);
    expect(setup?.State.ExitCode).toBe(0);
    expect(setup?.Config.Cmd).toEqual(spec.setup!.command);

    const observed = await running();
    expect(observed.readyReplicas).toBe(1);
    expect(observed.reason).toBeNull();
    expect(observed.url).toBe(
      `http://${spec.hostLabel}.localhost:${driver.edge.proxy.opts.httpPort}`,
    );
    expect(observed.images.sort()).toEqual([images.app, images.db].sort());
    expect(observed.pods).toEqual([
      { name: `${spec.name}-0`, status: 'Running', ready: true, restarts: 0 },
      { name: spec.database!.name, status: 'Running', ready: true, restarts: 0 },
      { name: spec.setup!.name, status: 'Succeeded', ready: false, restarts: 0 },
    ]);
    expect(await get(observed.url!)).toBe('ndtest page\n');
  });

  it('applies again without touching anything (same container ids)', async () => {
    const before = await labelledContainers(api, spec.deploymentId);
    const url = (await driver.status(ref)).url;
    await driver.apply(spec);
    expect(await labelledContainers(api, spec.deploymentId)).toEqual(before);
    expect((await driver.status(ref)).url).toBe(url);
  });

  it('scales to 2 replicas reached through the one URL, then back to 1', async () => {
    await driver.scale(ref, 2);
    const names = (await labelledContainers(api, spec.deploymentId)).map((c) => c.name).sort();
    expect(names).toEqual(
      [`${spec.name}-0`, `${spec.name}-1`, spec.database!.name, spec.setup!.name].sort(),
    );
    const observed = await waitFor(
      'two ready replicas',
      () => driver.status(ref),
      (o) => o.phase === 'running' && o.readyReplicas === 2,
    );
    // The CGI answers the container's hostname: round robin reaches both replicas.
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add((await get(observed.url!, '/cgi-bin/who')).trim());
    expect(seen.size).toBe(2);

    // The new replica has replica 0's spec: same environment, same spec hash (kept by apply).
    const specEnv = async (name: string) => {
      const c = await api.inspectContainer(name);
      const env = (c?.Config.Env ?? []).filter((e) => e.startsWith('WORDPRESS_')).sort();
      return { env, hash: c?.Config.Labels?.['nuagedeploy.io/spec-hash'] };
    };
    const first = await specEnv(`${spec.name}-0`);
    expect(first.env).toContain(
      'WORDPRESS_DB_PASSWORD_FILE=/run/secrets/nuagedeploy/WORDPRESS_DB_PASSWORD',
    );
    const password = async (name: string) => {
      const id = (await api.inspectContainer(name))!.Id;
      return execIn(api, id, ['/bin/sh', '-c', 'cat "$WORDPRESS_DB_PASSWORD_FILE"']);
    };
    expect(await password(`${spec.name}-1`)).toBe('db-pass');
    expect(await specEnv(`${spec.name}-1`)).toEqual(first);

    await driver.scale(ref, 1);
    expect(await api.inspectContainer(`${spec.name}-1`)).toBeNull();
    const after = await running();
    expect(after.readyReplicas).toBe(1);
    expect(after.url).toBe(observed.url);
    for (let i = 0; i < 3; i++) expect(await get(after.url!)).toBe('ndtest page\n');
  });

  it('scaling 1→2→1 by apply keeps the database container; a changed replica gets a successor in its second slot', async () => {
    const dbId = async () => (await api.inspectContainer(spec.database!.name))?.Id;
    const before = await dbId();
    // Through apply, as the reconciler does: the replicas' share of the reservation changes
    // (their spec hash too, as build-spec's split does), the database's does not.
    await driver.apply({ ...spec, replicas: 2, app: { ...spec.app, ramMb: spec.app.ramMb + 8 } });
    await waitFor(
      'two ready replicas',
      () => driver.status(ref),
      (o) => o.phase === 'running' && o.readyReplicas === 2,
    );
    expect(await dbId()).toBe(before);
    // Replica 0 was replaced by a successor in its second slot, started before the old one left.
    const names = (await labelledContainers(api, spec.deploymentId)).map((c) => c.name).sort();
    expect(names).toEqual(
      [`${spec.name}-0-b`, `${spec.name}-1`, spec.database!.name, spec.setup!.name].sort(),
    );
    await driver.apply(spec);
    const observed = await running();
    expect(observed.readyReplicas).toBe(1);
    expect(await dbId()).toBe(before);
    expect(await get(observed.url!)).toBe('ndtest page\n');
    // Two rolling replacements with real containers: 30 s was not enough on a loaded machine.
  }, 90_000);

  it('restarts a one-replica application without dropping a request, its database untouched', async () => {
    const startedAt = async (name: string) => (await api.inspectContainer(name))?.State.StartedAt;
    const replica = async () =>
      (await labelledContainers(api, spec.deploymentId)).filter((c) => /-\d+(-b)?$/.test(c.name));
    const url = (await running()).url!;
    const dbStarted = await startedAt(spec.database!.name);

    /**
     * Requests through the edge proxy, one after another, for as long as the restart lasts;
     * beside them, requests that take 2 s to answer, so that one is in flight when the old
     * replica leaves (stopping it then cut it: a 502, seen in a full CI run).
     */
    async function answersDuringRestart(): Promise<{ quick: string[]; slow: string[] }> {
      const answers = { quick: [] as string[], slow: [] as string[] };
      let restarting = true;
      const loop = async (path: string, into: string[]) => {
        while (restarting) {
          into.push(
            await getVia(url, path).then(
              (r) => `${r.status} ${r.body.trim()}`,
              (err: Error) => err.message,
            ),
          );
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const loops = Promise.all([loop('/', answers.quick), loop('/cgi-bin/slow', answers.slow)]);
      try {
        await driver.restart(ref);
      } finally {
        restarting = false;
        await loops;
      }
      return answers;
    }

    // Twice: the copy starts in the replica's other name slot, then back in the first one.
    for (const slot of [`${spec.name}-0-b`, `${spec.name}-0`]) {
      const [before] = await replica();
      const { quick, slow } = await answersDuringRestart();
      expect(quick.length).toBeGreaterThan(3);
      expect(new Set(quick)).toEqual(new Set(['200 ndtest page']));
      expect(slow.length).toBeGreaterThan(0);
      expect(new Set(slow)).toEqual(new Set(['200 slow done']));
      const after = await replica();
      expect(after.map((c) => c.name)).toEqual([slot]);
      expect(after[0]!.id).not.toBe(before!.id);
    }
    expect(await startedAt(spec.database!.name)).toBe(dbStarted);
    const observed = await running();
    expect(observed.readyReplicas).toBe(1);
    expect(await get(observed.url!)).toBe('ndtest page\n');
  });

  it('reads the last lines of every container, prefixed by its name', async () => {
    // The restart test before sent the replica hundreds of requests, one log line each.
    const logs = await driver.logs(ref, { tailLines: 2000 });
    expect(logs).toContain(`[${spec.name}-0] ndtest app started on`);
    expect(logs).toContain(`[${spec.database!.name}] ndtest db ready`);
    expect(logs).toContain(`[${spec.setup!.name}] wp core is-installed`);
    const one = await driver.logs(ref, { tailLines: 1 });
    expect(one.split('\n').filter((l) => l.startsWith(`[${spec.name}-0]`))).toHaveLength(1);
  });

  it('reports CPU and memory per container from the engine', async () => {
    const m = await driver.metrics(ref);
    expect(m?.source).toBe('docker');
    expect(m?.pods.map((p) => p.name)).toEqual([`${spec.name}-0`, spec.database!.name]);
    for (const p of m!.pods) {
      expect(Number.isFinite(p.cpuMilli) && p.cpuMilli >= 0).toBe(true);
      expect(Number.isFinite(p.ramMb) && p.ramMb >= 0).toBe(true);
    }
    expect(m!.ramMb).toBeGreaterThan(0);
    expect(m!.ramMb).toBeCloseTo(m!.pods[0]!.ramMb + m!.pods[1]!.ramMb, 1);
  });

  it('removes everything of the application, then the environment network', async () => {
    const url = (await driver.status(ref)).url!;
    await driver.remove(ref);
    await driver.remove(ref); // idempotent
    expect(await labelledContainers(api, spec.deploymentId)).toEqual([]);
    const label = { label: [`${LABELS.deploymentId}=${spec.deploymentId}`] };
    expect(await api.listVolumes(label)).toEqual([]);
    expect(await driver.status(ref)).toMatchObject({ phase: 'absent', pods: [], url: null });
    // The proxy no longer routes its hostname.
    expect((await getVia(url)).status).not.toBe(200);

    expect(await api.networkExists(env.namespace)).toBe(true); // remove() leaves it
    await driver.removeEnvironment(env);
    await driver.removeEnvironment(env);
    expect(await api.networkExists(env.namespace)).toBe(false);
  });
});
