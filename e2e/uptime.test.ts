import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detectEngine,
  prepareWordpressImages,
  sweep,
  type Engine,
} from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage, screenshot } from './helpers/browser';
import { freePort, startServer, type RunningServer } from './helpers/server';

/**
 * Uptime on Podman (issue 28 item 3): a real application checked through the edge proxy every
 * 2 s (UPTIME_CHECK_SECONDS; a minute in production); its container stopped by hand shows an
 * incident and its uptime drops on the application page, and the project's public status page
 * shows it to a visitor who is not signed in.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e uptime] skipped: ${detected.skipReason}`);

interface Uptime {
  etat: string;
  pourcentage_30_jours: number | null;
  incidents: { raison: string; fin: string | null }[];
  derniere_verification: { ok: boolean } | null;
}

const prefix = `nde2e-up-${randomBytes(3).toString('hex')}`;

describe.skipIf(detected.engine === null)('uptime of a real application', () => {
  const engine = detected.engine as Engine;
  const deployments: { id: string; name?: string }[] = [];
  const networks: string[] = [];
  const dirs: string[] = [];
  const contexts: BrowserContext[] = [];
  const edgeName = `${prefix}-edge`;
  let images: Awaited<ReturnType<typeof prepareWordpressImages>>;
  let server: RunningServer;
  let browser: Browser;
  let call: ApiCall;
  let token: string;
  let projectId: string;
  let envId: string;

  beforeAll(async () => {
    images = await prepareWordpressImages(engine, prefix);
    const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-edge-'));
    dirs.push(adminDir);
    server = await startServer({
      RUNTIME: 'docker',
      DOCKER_HOST: `unix://${detected.socket}`,
      IMAGE_OVERRIDES: images.imageOverrides,
      EDGE_IMAGE: await ensureEdgeImage(detected.socket!),
      EDGE_CONTAINER: edgeName,
      EDGE_HTTP_PORT: String(await freePort()),
      EDGE_HTTPS_PORT: String(await freePort()),
      EDGE_LISTEN_HOST: '127.0.0.1',
      EDGE_ADMIN_DIR: adminDir,
      UPTIME_CHECK_SECONDS: '2',
      UPTIME_FAILURES_BEFORE_INCIDENT: '2',
    });
    const account = await createAccount(server);
    token = await loginToken(server, account);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: 'Boutique Teranga',
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    projectId = project.body.id;
    const env = await call<{ id: string; namespace_k8s_id: string }>(
      'POST',
      `/environments/${projectId}/environments`,
      { nom: 'Production', type: 'prod' },
    );
    envId = env.body.id;
    networks.push(env.body.namespace_k8s_id);
    browser = await launchBrowser();
  }, 600_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
    const edge = await engine.inspect(edgeName);
    if (edge) await engine.removeContainer(edge.Id);
    for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
    await sweep(engine, { deployments, networks });
    await images?.cleanup();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  const uptimeOf = async (id: string) =>
    (await call<Uptime>('GET', `/deployments/${id}/uptime`)).body;

  it('a stopped container opens an incident, the uptime drops, the public page shows it, the restart closes it', async () => {
    const res = await call<{ id: string }>('POST', `/deployments/${envId}/deploy/erp`, {
      nom: 'vitrine',
      cpu: 0.5,
      ram: 0.5,
      storage: 1,
      replicas: 1,
      type_application: 'wordpress',
      image_registry_url: images.app.repository,
      image_tag: images.app.tag,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    deployments.push({ id });
    const live = await pollUntil(
      'RUNNING',
      async () =>
        (
          await call<{ status: string; pods_status: { name: string }[] }>(
            'GET',
            `/deployments/deployment/${id}`,
          )
        ).body,
      (d) => d.status === 'RUNNING',
      { timeoutMs: 120_000 },
    );
    const name = live.pods_status.find((p) => p.name.endsWith('-db'))!.name.slice(0, -3);
    deployments.at(-1)!.name = name;

    // Checked for real through the edge proxy: up, at 100 %.
    const up = await pollUntil(
      'a successful check',
      () => uptimeOf(id),
      (u) => u.etat === 'up',
      {
        timeoutMs: 30_000,
      },
    );
    expect(up.pourcentage_30_jours).toBe(100);

    const page = await call<{ url: string }>('PUT', `/projects/${projectId}/status-page`, {
      active: true,
    });
    expect(page.status).toBe(200);

    // The replica stopped by hand: the edge answers 502, two checks later an incident is open.
    await engine.json('POST', `/containers/${encodeURIComponent(`${name}-0`)}/stop`, {
      query: { t: 1 },
    });
    const down = await pollUntil(
      'an incident',
      () => uptimeOf(id),
      (u) => u.incidents.length > 0,
      { timeoutMs: 60_000 },
    );
    // Caddy answers 502, or waits on an address no container holds any more.
    expect(down.incidents[0]!.raison).toMatch(
      /^(code HTTP 50[234]|connexion refusée|délai dépassé)$/,
    );
    expect(down.pourcentage_30_jours).toBeLessThan(100);

    // The application page: the « Disponibilité » card says so (both themes, phone and desktop).
    for (const theme of ['light', 'dark'] as const)
      for (const width of [390, 1280]) {
        const p = await openPage(browser, server.url, contexts, { token, theme, width });
        await p.goto(`/deployment/${id}`);
        const card = p.getByRole('region', { name: 'Disponibilité' });
        await card.getByText('sur 30 jours').waitFor();
        expect(await card.innerText()).toContain(down.incidents[0]!.raison);
        await screenshot(p, `uptime-card-${theme}-${width}`);
      }

    // The project page gives its admin the address to share.
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 390],
    ] as const) {
      const p = await openPage(browser, server.url, contexts, { token, theme, width });
      await p.goto(`/projects/${projectId}`);
      const card = p.getByRole('region', { name: 'Page de statut publique' });
      await card.getByRole('link', { name: page.body.url }).waitFor();
      await screenshot(p, `uptime-project-status-card-${theme}-${width}`);
    }

    // The public page, without signing in.
    for (const theme of ['light', 'dark'] as const)
      for (const width of [390, 1280]) {
        const p = await openPage(browser, server.url, contexts, { theme, width });
        const answer = await p.goto(new URL(page.body.url).pathname);
        expect(answer?.status()).toBe(200);
        await p.getByRole('heading', { name: 'Statut des services — Boutique Teranga' }).waitFor();
        const text = await p.locator('body').innerText();
        expect(text).toContain('vitrine');
        expect(text).toContain('Production');
        expect(text).not.toContain('localhost');
        const summary = await p.getByRole('img').first().getAttribute('aria-label');
        const percent = Number(/: ([\d,]+) %/.exec(summary ?? '')?.[1]?.replace(',', '.'));
        expect(percent).toBeLessThan(100);
        await screenshot(p, `uptime-status-page-${theme}-${width}`);
      }

    // The platform starts the stopped replica again (drift repair): the first successful check
    // closes the incident.
    const back = await pollUntil(
      'the incident closed',
      () => uptimeOf(id),
      (u) => u.incidents[0]?.fin !== null && u.etat === 'up',
      { timeoutMs: 120_000 },
    );
    expect(back.pourcentage_30_jours).toBeLessThan(100);
  }, 300_000);
});
