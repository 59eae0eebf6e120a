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
  type Engine,
} from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { freePort, startServer, type RunningServer } from './helpers/server';
import { viaProxy } from './helpers/via-proxy';

/**
 * Drift repair on one host (Podman in CI): while the platform is stopped, someone removes a
 * replica (`rm -f`), stops another, removes the edge proxy; later the proxy loses its routes.
 * At its next start the platform brings everything back to the desired state — replicas
 * recreated on the same volumes, the proxy recreated, its routes loaded again — and touches
 * neither the healthy replica nor the database container. Skipped, with the reason, where no
 * engine answers; in CI that fails.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI)
  throw new Error(`CI must run the drift-repair test, but ${detected.skipReason}`);
if (detected.skipReason) console.warn(`[e2e drift repair] skipped: ${detected.skipReason}`);

const prefix = `nddrift-${randomBytes(3).toString('hex')}`;

interface Detail {
  id: string;
  status: string;
  status_reason: string | null;
  application_url: string | null;
  pods_status: { name: string; status: string; ready: boolean }[];
  events: unknown[];
}

/** One request to the edge proxy's admin API on its unix socket (as the platform talks to it). */
function admin(socketPath: string, method: string, urlPath: string, body?: string) {
  return new Promise<string>((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        method,
        path: urlPath,
        headers: {
          host: 'nuagedeploy-edge',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          (res.statusCode ?? 500) < 300
            ? resolve(text)
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(detected.engine === null)(
  'drift repair after a platform restart (real containers)',
  () => {
    const engine = detected.engine as Engine;
    const edgeName = `${prefix}-edge`;
    const deployments: { id: string; name?: string }[] = [];
    const networks: string[] = [];
    const tmp: string[] = [];
    let images: Awaited<ReturnType<typeof prepareWordpressImages>>;
    let env: Record<string, string>;
    let server: RunningServer | undefined;
    let adminDir: string;

    beforeAll(async () => {
      images = await prepareWordpressImages(engine, prefix, {});
      adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-drift-'));
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-drift-data-'));
      tmp.push(adminDir, dataDir);
      env = {
        RUNTIME: 'docker',
        DOCKER_HOST: `unix://${detected.socket}`,
        IMAGE_OVERRIDES: images.imageOverrides,
        EDGE_IMAGE: await ensureEdgeImage(detected.socket!),
        EDGE_CONTAINER: edgeName,
        EDGE_HTTP_PORT: String(await freePort()),
        EDGE_HTTPS_PORT: String(await freePort()),
        EDGE_LISTEN_HOST: '127.0.0.1',
        EDGE_ADMIN_DIR: adminDir,
        // One data directory (embedded database, secrets) across the restarts: the same platform.
        DATA_DIR: dataDir,
      };
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      const edge = await engine.inspect(edgeName);
      if (edge) await engine.removeContainer(edge.Id);
      for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
      await sweep(engine, { deployments, networks });
      await images?.cleanup();
      for (const dir of tmp) await rm(dir, { recursive: true, force: true });
    }, 120_000);

    const detailOf = async (call: ApiCall, id: string) =>
      (await call<Detail>('GET', `/deployments/deployment/${id}`)).body;
    const stopContainer = (name: string) =>
      engine.send('POST', `/containers/${encodeURIComponent(name)}/stop`, { query: { t: 1 } });
    /** `rm -f`, again if Podman's forced removal raced with the container's own exit. */
    const removeForSure = async (id: string) => {
      for (let attempt = 0; attempt < 5 && (await engine.inspect(id)); attempt++) {
        await engine.removeContainer(id);
      }
      expect(await engine.inspect(id)).toBeNull();
    };
    const state = async (name: string) => {
      const c = await engine.inspect(name);
      return c
        ? {
            id: c.Id as string,
            running: c.State.Running as boolean,
            startedAt: c.State.StartedAt as string,
            volumes: (((c as { Mounts?: { Name?: string }[] }).Mounts ?? []) as { Name?: string }[])
              .map((m) => m.Name)
              .filter(Boolean),
          }
        : null;
    };

    it('recreates removed and stopped replicas and the proxy, reloads lost routes, leaves the rest alone', async () => {
      server = await startServer(env);
      const account = await createAccount(server);
      const token = await loginToken(server, account);
      let call = apiClient(server, token);
      const project = await call<{ id: string }>('POST', '/projects/', {
        nom: `${prefix} derive`,
        quota_cpu: 8,
        quota_ram: 16,
        quota_stockage: 100,
      });
      expect(project.status).toBe(201);
      const environment = await call<{ id: string; namespace_k8s_id: string }>(
        'POST',
        `/environments/${project.body.id}/environments`,
        { nom: 'Production', type: 'prod' },
      );
      expect(environment.status).toBe(201);
      networks.push(environment.body.namespace_k8s_id);
      const created = await call<Detail>('POST', `/deployments/${environment.body.id}/deploy/erp`, {
        nom: `${prefix} site`,
        cpu: 0.5,
        ram: 0.5,
        storage: 1,
        replicas: 3,
        type_application: 'wordpress',
        image_registry_url: images.app.repository,
        image_tag: images.app.tag,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;
      deployments.push({ id });
      const running = (c: ApiCall, also: (d: Detail) => boolean = () => true) =>
        pollUntil(
          'RUNNING',
          async () => {
            const d = await detailOf(c, id);
            if (d.status === 'FAILED') throw new Error(`FAILED: ${d.status_reason}`);
            return d;
          },
          (d) => d.status === 'RUNNING' && also(d),
          { timeoutMs: 120_000 },
        );
      const up = await running(call);
      const name = up.pods_status.find((p) => p.name.endsWith('-db'))!.name.slice(0, -3);
      deployments.at(-1)!.name = name;
      const url = up.application_url!;
      expect(await viaProxy(`${url}/`)).toEqual({ status: 200, body: 'nuage test page\n' });

      const healthy = await state(`${name}-0`);
      const database = await state(`${name}-db`);
      const removedBefore = await state(`${name}-1`);
      const proxyBefore = await state(edgeName);
      expect([healthy?.running, database?.running, removedBefore?.running]).toEqual([
        true,
        true,
        true,
      ]);

      // The platform stops; meanwhile, by hand: a replica removed, another stopped, the proxy removed.
      await server.stop();
      server = undefined;
      await removeForSure(removedBefore!.id);
      expect((await stopContainer(`${name}-2`)).status).toBeLessThan(300);
      await removeForSure(proxyBefore!.id);
      expect([
        await state(`${name}-1`),
        (await state(`${name}-2`))?.running,
        await state(edgeName),
      ]).toEqual([null, false, null]);
      await expect(viaProxy(`${url}/`)).rejects.toThrow();

      server = await startServer(env);
      call = apiClient(server, token);
      await pollUntil(
        'three running replicas and the proxy back',
        async () => ({
          replicas: await Promise.all([0, 1, 2].map((i) => state(`${name}-${i}`))),
          proxy: await state(edgeName),
        }),
        (s) => s.replicas.every((r) => r?.running) && s.proxy?.running === true,
        { timeoutMs: 120_000 },
      );
      // RUNNING was the status before the stop too: what tells the repair is its event, written
      // once the repair's apply returned (after the containers were back).
      await running(
        call,
        (d) =>
          d.pods_status.filter((p) => p.ready).length === 4 &&
          JSON.stringify(d.events).includes('Écart corrigé sur le serveur'),
      );
      const page = await pollUntil(
        'served through the recreated proxy',
        () => viaProxy(`${url}/`).catch(() => ({ status: 0, body: '' })),
        (r) => r.status === 200,
        { timeoutMs: 60_000 },
      );
      expect(page.body).toBe('nuage test page\n');
      // The recreated replica has its predecessor's volume; the healthy one and the database
      // were not touched (same container, same start).
      const recreated = await state(`${name}-1`);
      expect(recreated!.id).not.toBe(removedBefore!.id);
      expect(recreated!.volumes).toEqual(removedBefore!.volumes);
      expect(await state(`${name}-0`)).toEqual(healthy);
      expect(await state(`${name}-db`)).toEqual(database);
      const proxyAfter = await state(edgeName);
      expect(proxyAfter!.id).not.toBe(proxyBefore!.id);

      // The platform stops again; the proxy loses its routes (configuration without any site).
      await server.stop();
      server = undefined;
      const socket = path.join(adminDir, 'admin.sock');
      const config = JSON.parse(await admin(socket, 'GET', '/config/')) as Record<string, unknown>;
      delete config.apps;
      await admin(socket, 'POST', '/load', JSON.stringify(config));
      await expect(viaProxy(`${url}/`)).rejects.toThrow();

      server = await startServer(env);
      const back = await pollUntil(
        'routes loaded again',
        () => viaProxy(`${url}/`).catch(() => ({ status: 0, body: '' })),
        (r) => r.status === 200,
        { timeoutMs: 60_000 },
      );
      expect(back.body).toBe('nuage test page\n');
      // Nothing was recreated for that: same proxy container, same replicas.
      expect((await state(edgeName))!.id).toBe(proxyAfter!.id);
      expect(await state(`${name}-0`)).toEqual(healthy);
      expect(await state(`${name}-db`)).toEqual(database);
      const objects = await objectsOf(engine, id, name);
      expect(objects.containers.map((c) => c.name).sort()).toEqual(
        [`${name}-0`, `${name}-1`, `${name}-2`, `${name}-db`, `${name}-setup`].sort(),
      );
    }, 600_000);
  },
);
