import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detectEngine,
  objectsOf,
  prepareWordpressImages,
  sweep,
  type ApplicationObjects,
  type Engine,
  type ImageRef,
} from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { freePort, startServer, type RunningServer } from './helpers/server';

/**
 * Real containers through the API: the built server with RUNTIME=docker on the engine at
 * DOCKER_HOST (Podman in CI), WordPress deployed from local busybox images (nothing can be
 * pulled). Skipped, with the reason printed, only where no engine answers; in CI that fails.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) {
  console.warn(`[e2e docker runtime] real-container tests skipped: ${detected.skipReason}`);
}

interface Detail {
  id: string;
  status: string;
  statut_deploiement: string;
  status_reason: string | null;
  application_url: string | null;
  pods_status: { name: string; status: string; ready: boolean }[];
  events: unknown[];
}

interface Environment {
  id: string;
  namespace_k8s_id: string;
}

const prefix = `nde2e-${randomBytes(3).toString('hex')}`;

/**
 * One GET on a new connection through the edge proxy: to its loopback port, with the
 * application URL's host (`<label>.localhost:<port>`) as Host, as a browser would send it.
 */
function getFresh(url: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  const options = {
    host: '127.0.0.1',
    port: Number(u.port || 80),
    path: `${u.pathname}${u.search}`,
    headers: { host: u.host },
    agent: false,
    timeout: 5_000,
  };
  return new Promise((resolve, reject) => {
    const req = http.get(options, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer`)));
    req.on('error', reject);
  });
}

const byComponent = (objects: ApplicationObjects['containers'], component: string) =>
  objects.filter((c) => c.component === component);

describe.skipIf(detected.engine === null)(
  'docker runtime through the API (real containers)',
  () => {
    const engine = detected.engine as Engine;
    const dockerEnv = { RUNTIME: 'docker', DOCKER_HOST: `unix://${detected.socket}` };
    const servers: RunningServer[] = [];
    const dataDirs: string[] = [];
    const deployments: { id: string; name?: string }[] = [];
    const networks: string[] = [];
    let images: Awaited<ReturnType<typeof prepareWordpressImages>>;
    let edgeEnv: Record<string, string>;
    const edgeName = `${prefix}-edge`;

    beforeAll(async () => {
      images = await prepareWordpressImages(engine, prefix, { slowAppSeconds: 5 });
      // An edge proxy of the test's own (Debian's caddy) on free loopback ports, shared by
      // every server the tests start (as every API process of a host shares the real one).
      const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-edge-'));
      dataDirs.push(adminDir);
      edgeEnv = {
        EDGE_IMAGE: await ensureEdgeImage(detected.socket!),
        EDGE_CONTAINER: edgeName,
        EDGE_HTTP_PORT: String(await freePort()),
        EDGE_HTTPS_PORT: String(await freePort()),
        EDGE_LISTEN_HOST: '127.0.0.1',
        EDGE_ADMIN_DIR: adminDir,
      };
    });

    afterAll(async () => {
      for (const s of servers) await s.stop();
      const edge = await engine.inspect(edgeName);
      if (edge) await engine.removeContainer(edge.Id);
      for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
      // Whatever a failure left: our deployments' objects, our environments' networks, images.
      await sweep(engine, { deployments, networks });
      await images?.cleanup();
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    });

    async function start(env: Record<string, string> = {}) {
      const server = await startServer({
        ...dockerEnv,
        IMAGE_OVERRIDES: images.imageOverrides,
        ...edgeEnv,
        ...env,
      });
      servers.push(server);
      return server;
    }

    /** A verified user's client, a project and one active environment (its network exists). */
    async function userWithEnvironment(server: RunningServer, nom: string) {
      const account = await createAccount(server);
      const token = await loginToken(server, account);
      const call = apiClient(server, token);
      const project = await call<{ id: string }>('POST', '/projects/', {
        nom,
        quota_cpu: 8,
        quota_ram: 16,
        quota_stockage: 100,
      });
      expect(project.status).toBe(201);
      const env = await call<Environment>('POST', `/environments/${project.body.id}/environments`, {
        nom: 'Production',
        type: 'prod',
      });
      expect(env.status).toBe(201);
      networks.push(env.body.namespace_k8s_id);
      await pollUntil(
        'the environment to be active',
        async () =>
          (await call<{ status: string }>('GET', `/environments/${env.body.id}/status`)).body,
        (s) => s.status === 'active',
      );
      return { call, token, env: env.body };
    }

    async function deploy(
      call: ApiCall,
      env: Environment,
      nom: string,
      image: ImageRef,
      replicas = 1,
    ) {
      const res = await call<Detail>('POST', `/deployments/${env.id}/deploy/erp`, {
        nom,
        cpu: 0.5,
        ram: 0.5,
        storage: 1,
        replicas,
        type_application: 'wordpress',
        image_registry_url: image.repository,
        image_tag: image.tag,
      });
      expect(res.status).toBe(201);
      expect(res.body.statut_deploiement).toBe('PENDING');
      deployments.push({ id: res.body.id });
      return res.body.id;
    }

    const detailOf = async (call: ApiCall, id: string) =>
      (await call<Detail>('GET', `/deployments/deployment/${id}`)).body;

    /** RUNNING (and `also`), failing at once with the reason when the application FAILED. */
    async function running(call: ApiCall, id: string, also: (d: Detail) => boolean = () => true) {
      return pollUntil(
        'RUNNING',
        async () => {
          const d = await detailOf(call, id);
          if (d.status === 'FAILED') throw new Error(`FAILED: ${d.status_reason}`);
          return d;
        },
        (d) => d.status === 'RUNNING' && also(d),
        { timeoutMs: 90_000 },
      );
    }

    /** The runtime name (`<name>-db`, `<name>-0`…): what the engine's objects are called. */
    const runtimeName = (d: Detail) =>
      d.pods_status.find((p) => p.name.endsWith('-db'))!.name.slice(0, -3);

    const appContainers = async (id: string, name: string) =>
      byComponent((await objectsOf(engine, id, name)).containers, 'application');

    it('deploys, serves, scales, restarts, shows logs, deletes: nothing of it is left', async () => {
      const server = await start();
      const { call, env } = await userWithEnvironment(server, `${prefix} cycle`);
      const network = await engine.network(env.namespace_k8s_id);
      expect(network?.Labels?.['nuagedeploy.io/environment-id']).toBe(env.id);

      const id = await deploy(call, env, `${prefix} site`, images.app);
      const up = await running(call, id);
      const name = runtimeName(up);
      deployments.at(-1)!.name = name;

      // Served through the application's URL, by the one replica.
      // Without APPS_DOMAIN: `<host label>.localhost` on the proxy's HTTP port.
      expect(up.application_url).toMatch(
        new RegExp(`^http://[a-z0-9-]+\\.localhost:${edgeEnv.EDGE_HTTP_PORT}$`),
      );
      const page = await getFresh(`${up.application_url}/`);
      expect(page).toEqual({ status: 200, body: 'nuage test page\n' });
      const first = await engine.inspect(`${name}-0`);
      expect((await getFresh(`${up.application_url}/cgi-bin/who`)).body.trim()).toBe(
        first!.Config.Hostname,
      );
      const objects = await objectsOf(engine, id, name);
      expect(objects.containers.map((c) => c.name).sort()).toEqual(
        [`${name}-0`, `${name}-db`, `${name}-setup`].sort(),
      );
      expect((await engine.inspect(`${name}-setup`))!.State.ExitCode).toBe(0);

      // Scale to 2: two running application containers, both reached through the one URL; the
      // database container is not touched (same id all along, checked after scaling back).
      const databaseId = (await engine.inspect(`${name}-db`))!.Id;
      expect((await call('PUT', `/deployments/deployment/${id}`, { replicas: 2 })).status).toBe(
        200,
      );
      await pollUntil(
        'two running replicas',
        () => appContainers(id, name),
        (cs) => cs.length === 2 && cs.every((c) => c.state === 'running'),
      );
      await running(
        call,
        id,
        (d) => d.pods_status.filter((p) => /-\d+(-b)?$/.test(p.name) && p.ready).length === 2,
      );
      // Replica 0 got a successor (its share of the reservation changed): `-0-b` (rollout.ts).
      const replicaNames = (await appContainers(id, name)).map((c) => c.name);
      const hostnames = new Set(
        await Promise.all(
          replicaNames.map(async (n) => (await engine.inspect(n))!.Config.Hostname),
        ),
      );
      const answered = new Set<string>();
      await pollUntil(
        'both replicas to answer through the URL',
        async () => {
          const res = await getFresh(`${up.application_url}/cgi-bin/who`);
          expect(res.status).toBe(200);
          answered.add(res.body.trim());
          return answered;
        },
        (seen) => seen.size === 2,
        { timeoutMs: 30_000, everyMs: 50 },
      );
      expect(answered).toEqual(hostnames);

      // Back to 1.
      expect((await call('PUT', `/deployments/deployment/${id}`, { replicas: 1 })).status).toBe(
        200,
      );
      await pollUntil(
        'one replica left',
        () => appContainers(id, name),
        (cs) => cs.length === 1 && cs[0]!.name === `${name}-0`,
      );
      await running(
        call,
        id,
        (d) => d.pods_status.filter((p) => /-\d+(-b)?$/.test(p.name)).length === 1,
      );
      expect((await getFresh(`${up.application_url}/`)).status).toBe(200);
      expect((await engine.inspect(`${name}-db`))!.Id).toBe(databaseId);

      // Restart: the replica is replaced by a fresh copy in its other name slot (started, and
      // ready, before the old one stops), not its database; the URL serves again.
      const dbStartedAt = async () => (await engine.inspect(`${name}-db`))!.State.StartedAt;
      const replicaNamesNow = async () => (await appContainers(id, name)).map((c) => c.name);
      const dbBefore = await dbStartedAt();
      expect(await replicaNamesNow()).toEqual([`${name}-0`]);
      expect((await call('POST', `/deployments/deployment/${id}/sync`)).status).toBe(200);
      await running(call, id, (d) => JSON.stringify(d.events).includes('Redémarrage effectué'));
      expect(await replicaNamesNow()).toEqual([`${name}-0-b`]);
      expect(await dbStartedAt()).toBe(dbBefore);
      await pollUntil(
        'the URL to serve after the restart',
        () => getFresh(`${up.application_url}/`),
        (r) => r.status === 200,
      );

      // Logs: the containers' own output.
      const logs = await call<{ logs: string }>('GET', `/deployments/deployment/${id}/logs`);
      expect(logs.status).toBe(200);
      expect(logs.body.logs).toContain('nuage test app started on');
      expect(logs.body.logs).toContain('nuage test database ready');

      // Delete: 202, then 404 once the engine removed it; no container, volume or listener left.
      expect((await call('DELETE', `/deployments/deployment/${id}`)).status).toBe(202);
      await pollUntil(
        'the deployment to be gone (404)',
        async () => (await call('GET', `/deployments/deployment/${id}`)).status,
        (s) => s === 404,
      );
      expect(await objectsOf(engine, id, name)).toEqual({ containers: [], volumes: [] });
      expect(await engine.containers({ name: [name] })).toEqual([]);
      expect(await engine.volumes({ name: [name] })).toEqual([]);
      expect((await getFresh(`${up.application_url}/`)).status).toBe(404);
      // The environment's network stays until the environment goes.
      expect(await engine.network(env.namespace_k8s_id)).not.toBeNull();

      expect((await call('DELETE', `/environments/${env.id}`)).status).toBe(200);
      await pollUntil(
        'the environment network to be removed',
        () => engine.network(env.namespace_k8s_id),
        (n) => n === null,
      );
      await pollUntil(
        'the environment to be gone (404)',
        async () => (await call('GET', `/environments/${env.id}`)).status,
        (s) => s === 404,
      );
      expect(await engine.networks({ label: [`nuagedeploy.io/environment-id=${env.id}`] })).toEqual(
        [],
      );
      // Rolling replacements wait for readiness: longer than the default on a loaded machine.
    }, 240_000);

    it('a server killed mid-apply: restarted on the same data, RUNNING with exactly one set of objects', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-crash-'));
      dataDirs.push(dataDir);
      // Both processes hold claims for 3 s: the restarted one takes the dead one's work over soon.
      const env = { DATA_DIR: dataDir, ENGINE_LEASE_MS: '3000' };
      const doomed = await start(env);
      const {
        call,
        token,
        env: environment,
      } = await userWithEnvironment(doomed, `${prefix} crash`);
      // The slow image answers 5 s after it starts: the apply waits for it (before the setup
      // task), a wide window in which the database container exists and nothing is RUNNING.
      const id = await deploy(call, environment, `${prefix} crash`, images.slowApp, 2);

      let atKill: ApplicationObjects = { containers: [], volumes: [] };
      await pollUntil(
        'the database container running (mid-apply)',
        async () => (atKill = await objectsOf(engine, id)),
        (o) => byComponent(o.containers, 'database').some((c) => c.state === 'running'),
        { everyMs: 20 },
      );
      const databaseAtKill = byComponent(atKill.containers, 'database')[0]!.id;
      const exited = new Promise((r) => doomed.process.once('exit', r));
      doomed.process.kill('SIGKILL');
      await exited;
      servers.splice(servers.indexOf(doomed), 1);
      // Killed before the apply finished: its setup task had not run.
      const setupAtKill = byComponent((await objectsOf(engine, id)).containers, 'setup');
      expect(setupAtKill.every((c) => c.state === 'created')).toBe(true);
      console.log(
        `[e2e docker runtime] killed the server with ${atKill.containers.map((c) => `${c.name} (${c.state})`).join(', ')} in the engine`,
      );

      // Same DATA_DIR, same signing key: the token still works.
      const revived = await start(env);
      const again = apiClient(revived, token);
      const up = await running(
        again,
        id,
        (d) => d.pods_status.filter((p) => /-\d+(-b)?$/.test(p.name) && p.ready).length === 2,
      );
      const name = runtimeName(up);
      deployments.at(-1)!.name = name;

      // Exactly one set: one database, two replicas, at most one setup task, labelled or not.
      const objects = await objectsOf(engine, id, name);
      const expected = [`${name}-0`, `${name}-1`, `${name}-db`, `${name}-setup`].sort();
      expect(objects.containers.map((c) => c.name).sort()).toEqual(expected);
      expect(byComponent(objects.containers, 'database')).toHaveLength(1);
      // The running database was kept, not replaced (its data and its uptime).
      expect(byComponent(objects.containers, 'database')[0]!.id).toBe(databaseAtKill);
      expect(byComponent(objects.containers, 'application').map((c) => c.state)).toEqual([
        'running',
        'running',
      ]);
      expect(byComponent(objects.containers, 'setup')).toHaveLength(1);
      expect((await engine.inspect(`${name}-setup`))!.State.ExitCode).toBe(0);
      expect(await engine.containers({ name: [name] })).toHaveLength(expected.length);
      // One volume per claim (application data, database data).
      expect(objects.volumes.map((v) => v.component).sort()).toEqual(['application', 'database']);
      expect(await engine.volumes({ name: [name] })).toHaveLength(objects.volumes.length);
      expect((await getFresh(`${up.application_url}/`)).status).toBe(200);

      expect((await again('DELETE', `/deployments/deployment/${id}`)).status).toBe(202);
      await pollUntil(
        'the deployment to be gone (404)',
        async () => (await again('GET', `/deployments/deployment/${id}`)).status,
        (s) => s === 404,
      );
      expect(await objectsOf(engine, id, name)).toEqual({ containers: [], volumes: [] });
      expect((await again('DELETE', `/environments/${environment.id}`)).status).toBe(200);
      await pollUntil(
        'the environment network to be removed',
        () => engine.network(environment.namespace_k8s_id),
        (n) => n === null,
      );
    });

    it('a platform restart drops no request: the edge proxy serves throughout', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-restart-'));
      dataDirs.push(dataDir);
      const first = await start({ DATA_DIR: dataDir });
      const { call, token, env } = await userWithEnvironment(first, `${prefix} restart`);
      const id = await deploy(call, env, `${prefix} restart`, images.app);
      const up = await running(call, id);
      deployments.at(-1)!.name = runtimeName(up);

      // A request every 20 ms while the API process stops and a new one starts on its data.
      let ok = 0;
      const failures: string[] = [];
      let looping = true;
      const loop = (async () => {
        while (looping) {
          try {
            const res = await getFresh(`${up.application_url}/`);
            if (res.status === 200) ok++;
            else failures.push(`HTTP ${res.status}`);
          } catch (err) {
            failures.push((err as Error).message);
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      await new Promise((r) => setTimeout(r, 500));
      await first.stop();
      servers.splice(servers.indexOf(first), 1);
      await new Promise((r) => setTimeout(r, 1_000)); // no API process at all meanwhile
      const second = await start({ DATA_DIR: dataDir });
      const again = apiClient(second, token);
      await running(again, id);
      await new Promise((r) => setTimeout(r, 1_000));
      looping = false;
      await loop;
      console.log(
        `[e2e docker runtime] platform restart: ${ok} requests answered, ${failures.length} failed`,
      );
      expect(failures).toEqual([]);
      expect(ok).toBeGreaterThan(50);
    });
  },
);
