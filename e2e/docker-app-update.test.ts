import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appUpdateEventTexts } from '@nuage/shared/messages/app-updates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, sweep, type Engine } from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { ensureRealWordpressImages, realImagesSkipReason } from '../bench/lib/wordpress-images.mjs';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { removeTestGuard, testGuardEnv } from './helpers/network-guard';
import { freePort, startServer, type RunningServer } from './helpers/server';
import { viaProxy } from './helpers/via-proxy';
import { TEST_BUSYBOX_IMAGE } from './support/build-images';

/**
 * « Mettre à jour » of the real WordPress on Podman (issue 30 item 4), through the API and the
 * edge proxy. WordPress's file announces 6.3-apache → 6.4-apache; the test gives the two tags
 * local images through IMAGE_OVERRIDES (the catalogue's names stay those of the official image):
 *   - 6.3-apache is the real (Debian-built) WordPress, 6.4-apache first a busybox that never
 *     serves: the backup is taken (a real MariaDB dump), the new container never becomes ready,
 *     the site goes back to 6.3-apache on its own and answers 200 throughout;
 *   - the platform started again with 6.4-apache the real WordPress: the update goes through and
 *     the running container is the new tag's.
 * Skipped, with the reason, only where no engine answers or the images cannot be built.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason ?? realImagesSkipReason();
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the real WordPress update test, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e wordpress update] skipped: ${skipReason}`);

interface Detail {
  status: string;
  status_reason: string | null;
  image_tag: string;
  application_url: string | null;
  pods_status: { name: string; ready: boolean }[];
  events: { message: string }[];
  deployment_sync: { status: { summary: { images: string[] } } };
  mise_a_jour: {
    disponible: { tag_nouveau: string } | null;
    derniere: { statut: string; erreur: string | null; sauvegarde_id: string | null } | null;
  };
}

const prefix = `ndup-${randomBytes(3).toString('hex')}`;
const OLD = 'docker.io/library/wordpress:6.3-apache';
const NEW = 'docker.io/library/wordpress:6.4-apache';

describe.skipIf(skipReason !== null)('real WordPress on Podman: « Mettre à jour »', () => {
  const engine = detected.engine as Engine;
  const edgeName = `${prefix}-edge`;
  const deployments: { id: string; name?: string }[] = [];
  const networks: string[] = [];
  const dirs: string[] = [];
  let baseEnv: Record<string, string>;
  let wpcli: string;
  let server: RunningServer;
  let call: ApiCall;
  let token: string;

  const start = (overrides: string) =>
    startServer({ ...baseEnv, IMAGE_OVERRIDES: `${wpcli},${overrides}` });

  beforeAll(async () => {
    const images = await ensureRealWordpressImages();
    wpcli = images.imageOverrides;
    const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-upd-edge-'));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-upd-data-'));
    dirs.push(adminDir, dataDir);
    baseEnv = {
      DATA_DIR: dataDir,
      RUNTIME: 'docker',
      DOCKER_HOST: `unix://${detected.socket}`,
      EDGE_IMAGE: await ensureEdgeImage(detected.socket!),
      EDGE_CONTAINER: edgeName,
      EDGE_HTTP_PORT: String(await freePort()),
      EDGE_HTTPS_PORT: String(await freePort()),
      EDGE_LISTEN_HOST: '127.0.0.1',
      EDGE_ADMIN_DIR: adminDir,
      ...testGuardEnv(prefix),
    };
    // 6.3-apache: the real WordPress; 6.4-apache: an image that never serves HTTP.
    server = await start(`${OLD}=${NEW},${NEW}=${TEST_BUSYBOX_IMAGE}`);
  }, 20 * 60_000);

  afterAll(async () => {
    await server?.stop();
    await removeTestGuard(engine, prefix);
    const edge = await engine.inspect(edgeName);
    if (edge) await engine.removeContainer(edge.Id);
    for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
    await sweep(engine, { deployments, networks });
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  const detail = async (id: string) =>
    (await call<Detail>('GET', `/deployments/deployment/${id}`)).body;
  const running = (id: string) =>
    pollUntil(
      'RUNNING with its replica ready',
      async () => {
        const d = await detail(id);
        if (d.status === 'FAILED') throw new Error(`FAILED: ${d.status_reason}`);
        return d;
      },
      (d) =>
        d.status === 'RUNNING' && d.pods_status.some((p) => /-\d+(-b)?$/.test(p.name) && p.ready),
      { timeoutMs: 5 * 60_000, everyMs: 500 },
    );
  const updated = (id: string) =>
    pollUntil(
      'the update to end',
      () => detail(id),
      (d) => !['backing_up', 'rolling_out'].includes(d.mise_a_jour.derniere?.statut ?? ''),
      { timeoutMs: 10 * 60_000, everyMs: 1000 },
    );
  const homeAnswers = async (url: string) => (await viaProxy(`${url}/`)).status;

  let id: string;
  let url: string;

  it(
    'rolls back on its own to 6.3 when 6.4 never serves, after a real backup',
    async () => {
      token = await loginToken(server, await createAccount(server));
      call = apiClient(server, token);
      const project = await call<{ id: string }>('POST', '/projects/', {
        nom: `${prefix} blog`,
        quota_cpu: 8,
        quota_ram: 16,
        quota_stockage: 100,
      });
      expect(project.status).toBe(201);
      // Staging: no scheduled backup starts with it (a running backup would delay the update).
      const env = await call<{ id: string; namespace_k8s_id: string }>(
        'POST',
        `/environments/${project.body.id}/environments`,
        { nom: 'Recette', type: 'staging' },
      );
      expect(env.status).toBe(201);
      networks.push(env.body.namespace_k8s_id);
      await pollUntil(
        'the environment to be active',
        async () =>
          (await call<{ status: string }>('GET', `/environments/${env.body.id}/status`)).body,
        (s) => s.status === 'active',
      );
      const created = await call<{ id: string }>('POST', `/deployments/${env.body.id}/deploy/erp`, {
        nom: `${prefix} Blog`,
        cpu: 0.5,
        ram: 0.5,
        storage: 1,
        replicas: 1,
        type_application: 'wordpress',
        image_registry_url: 'docker.io/library/wordpress',
        image_tag: '6.3-apache',
        wordpress_email: 'gerante@exemple.sn',
        wordpress_password: `Nuage-${randomBytes(4).toString('hex')}`,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      id = created.body.id;
      deployments.push({ id });
      const up = await running(id);
      deployments[0]!.name = up.pods_status.find((p) => p.name.endsWith('-db'))!.name.slice(0, -3);
      url = up.application_url!;
      await pollUntil(
        'the first answer of the home page',
        () => homeAnswers(url).catch(() => 0),
        (s) => s === 200,
        { timeoutMs: 60_000, everyMs: 1000 },
      );
      expect(up.mise_a_jour.disponible?.tag_nouveau).toBe('6.4-apache');

      const res = await call('POST', `/deployments/${id}/update`);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const d = await updated(id);
      expect(d.mise_a_jour.derniere).toMatchObject({ statut: 'rolled_back' });
      expect(d.image_tag).toBe('6.3-apache');
      const reason = d.mise_a_jour.derniere!.erreur!;
      // The runtime's own words: the new container stopped or never answered its probe.
      expect(reason).toMatch(/conteneur|test de disponibilité|redémarre en boucle/);
      console.info(`[e2e wordpress update] rolled back: ${reason}`);
      expect(d.events.map((e) => e.message)).toContain(
        appUpdateEventTexts.rolledBack('6.3-apache', '6.4-apache', reason),
      );
      // The backup is a real one (database dump and files), kept in the application's backups.
      const backups = (
        await call<{ sauvegardes: { id: string; statut: string }[] }>(
          'GET',
          `/deployments/${id}/backups`,
        )
      ).body.sauvegardes;
      expect(backups.find((b) => b.id === d.mise_a_jour.derniere!.sauvegarde_id)).toMatchObject({
        statut: 'success',
      });
      await running(id);
      expect(await homeAnswers(url)).toBe(200);
    },
    20 * 60_000,
  );

  it(
    'updates to 6.4 once its image serves, and keeps the new tag',
    async () => {
      await server.stop();
      // 6.4-apache: the real WordPress now (no override), 6.3-apache still the same one.
      server = await start(`${OLD}=${NEW}`);
      call = apiClient(server, token);
      const res = await call('POST', `/deployments/${id}/update`);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const d = await updated(id);
      expect(d.mise_a_jour.derniere).toMatchObject({ statut: 'succeeded', erreur: null });
      expect(d.image_tag).toBe('6.4-apache');
      expect(d.mise_a_jour.disponible).toBeNull();
      const up = await running(id);
      expect(up.deployment_sync.status.summary.images).toContain(NEW);
      await pollUntil(
        'the home page of the new version',
        () => homeAnswers(url).catch(() => 0),
        (s) => s === 200,
        { timeoutMs: 60_000, everyMs: 1000 },
      );
    },
    20 * 60_000,
  );
});
