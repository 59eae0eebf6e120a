import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  detectEngine,
  prepareWordpressImages,
  sweep,
  type Engine,
} from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { createAccount, newAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage, screenshotsDir } from './helpers/browser';
import { freePort, startServer, type RunningServer } from './helpers/server';

/**
 * The browser terminal (issue 29 item 3) on a real container: one platform on Podman
 * (RUNTIME=docker), one application of local busybox images; Chromium types a command in
 * xterm.js and reads its answer; a `user` member's and a revoked session's handshakes are refused.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e terminal] skipped: ${detected.skipReason}`);

const prefix = `nde2e-${randomBytes(3).toString('hex')}`;

/** The handshake's HTTP status (101 once upgraded), as a non-browser client sees it. */
function handshake(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', reject);
  });
}

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

describe.skipIf(detected.engine === null)('the browser terminal (real container)', () => {
  const engine = detected.engine as Engine;
  let images: Awaited<ReturnType<typeof prepareWordpressImages>>;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const dataDirs: string[] = [];
  const networks: string[] = [];
  const deployments: { id: string; name?: string }[] = [];
  const edgeName = `${prefix}-edge`;
  let call: ApiCall;
  let token: string;
  let userToken: string;
  let admin: Awaited<ReturnType<typeof createAccount>>;
  let appId: string;
  const terminalUrl = () =>
    `${server.url.replace(/^http/, 'ws')}/api/v1/deployments/${appId}/terminal`;

  beforeAll(async () => {
    images = await prepareWordpressImages(engine, prefix, { slowAppSeconds: 1 });
    const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-edge-'));
    dataDirs.push(adminDir);
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
    });
    admin = await createAccount(server);
    token = await loginToken(server, admin);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: `${prefix} terminal`,
      quota_cpu: 4,
      quota_ram: 8,
      quota_stockage: 20,
    });
    const env = await call<{ id: string; namespace_k8s_id: string }>(
      'POST',
      `/environments/${project.body.id}/environments`,
      { nom: 'Production', type: 'prod' },
    );
    networks.push(env.body.namespace_k8s_id);
    await pollUntil(
      'the environment to be active',
      async () =>
        (await call<{ status: string }>('GET', `/environments/${env.body.id}/status`)).body,
      (s) => s.status === 'active',
    );
    const app = await call<{ id: string }>('POST', `/deployments/${env.body.id}/deploy/erp`, {
      nom: `${prefix} site`,
      cpu: 0.5,
      ram: 0.5,
      storage: 1,
      replicas: 1,
      type_application: 'wordpress',
      image_registry_url: images.app.repository,
      image_tag: images.app.tag,
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    appId = app.body.id;
    deployments.push({ id: appId });
    await pollUntil(
      'RUNNING',
      async () => {
        const d = (
          await call<{
            status: string;
            status_reason: string | null;
            pods_status: { name: string }[];
          }>('GET', `/deployments/deployment/${appId}`)
        ).body;
        if (d.status === 'FAILED') throw new Error(`FAILED: ${d.status_reason}`);
        const db = d.pods_status.find((p) => p.name.endsWith('-db'));
        if (db) deployments.at(-1)!.name = db.name.slice(0, -3);
        return d;
      },
      (d) => d.status === 'RUNNING',
      { timeoutMs: 90_000 },
    );
    const member = await createAccount(server, newAccount({ prenom: 'Ursule', nom: 'Lecture' }));
    await call('POST', `/projects/${project.body.id}/members`, {
      email_utilisateur_invite: member.email,
      role_projet: 'user',
    });
    userToken = await loginToken(server, member);
    const userCall = apiClient(server, userToken);
    const pending = await userCall<{ id: string }[]>('GET', '/invitations/pending');
    await userCall('POST', `/invitations/pending/${pending.body[0]!.id}/accept`);
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    const edge = await engine.inspect(edgeName);
    if (edge) await engine.removeContainer(edge.Id);
    for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
    await sweep(engine, { deployments, networks });
    await images?.cleanup();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('opens a shell in Chromium from the application page and runs a command', async () => {
    const page = await openPage(browser, server.url, contexts, { token, timeoutMs: 20_000 });
    await page.goto(`/deployment/${appId}`);
    await page.getByRole('link', { name: 'Terminal', exact: true }).click();
    await page.waitForURL(`**/deployment/${appId}/terminal`);
    const status = page.getByRole('status').filter({ hasText: /Connecté à/ });
    await status.waitFor();
    const screen = page.getByTestId('terminal-screen');
    await screen.click();
    await page.keyboard.type('echo "bonjour depuis $(hostname)"');
    await page.keyboard.press('Enter');
    await screen.getByText(/^bonjour depuis \S+/).waitFor();
    await shot(page, 'terminal-light-1280');
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.getByRole('status').getByText('Terminal fermé.').waitFor();
    await page.getByRole('button', { name: 'Se reconnecter' }).waitFor();
  }, 60_000);

  it('looks right in the dark theme and at a phone’s width', async () => {
    for (const [theme, width] of [
      ['dark', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployment/${appId}/terminal`);
      await page
        .getByRole('status')
        .filter({ hasText: /Connecté à/ })
        .waitFor();
      await page.getByTestId('terminal-screen').click();
      await page.keyboard.type('ls /');
      await page.keyboard.press('Enter');
      await page
        .getByTestId('terminal-screen')
        .getByText(/\bbin\b/)
        .first()
        .waitFor();
      await shot(page, `terminal-${theme}-${width}`);
      await page.context().close();
    }
  }, 60_000);

  it('refuses the handshake of a `user` member and of a revoked session', async () => {
    expect(await handshake(terminalUrl(), token)).toBe(101);
    expect(await handshake(terminalUrl(), userToken)).toBe(403);
    const ended = await loginToken(server, admin);
    expect((await apiClient(server, ended)('POST', '/auth/logout')).status).toBe(200);
    expect(await handshake(terminalUrl(), ended)).toBe(401);
  }, 30_000);
});
