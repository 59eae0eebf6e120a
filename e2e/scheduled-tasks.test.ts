import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Scheduled tasks and one-off commands on real containers (issue 29): one platform on Podman
 * (RUNTIME=docker), one application of local busybox images, every test sharing them. The
 * every-minute task is created first and checked last, so its two minutes pass while the
 * other tests run.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e tasks] skipped: ${detected.skipReason}`);

interface Run {
  id: string;
  tache_id: string | null;
  statut: string;
  declencheur: string;
  duree_secondes: number | null;
  code_sortie: number | null;
  erreur: string | null;
  simulee: boolean;
}
interface RunLog {
  execution: Run;
  lignes: { seq: number; line: string }[];
}

const prefix = `nde2e-${randomBytes(3).toString('hex')}`;

/** The section alone (a full page of this application is five screens tall); as screenshot(). */
async function sectionShot(section: Locator, name: string) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await mkdir(screenshotsDir, { recursive: true });
  // Tall enough that nothing scrolls: the sticky top bar stays off the section.
  const page = section.page();
  const width = page.viewportSize()?.width ?? 1280;
  await page.setViewportSize({ width, height: 6000 });
  await section.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}
const TASK_LABEL = 'nuagedeploy.io/task-run';

describe.skipIf(detected.engine === null)('scheduled tasks and commands (real containers)', () => {
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
  let userCall: ApiCall;
  let appId: string;
  let everyMinute: string;
  let everyMinuteCreatedAt: number;

  const runsOf = async () =>
    (await call<{ executions: Run[] }>('GET', `/deployments/${appId}/tasks`)).body.executions;
  const logOf = async (runId: string) =>
    (await call<RunLog>('GET', `/deployments/${appId}/task-runs/${runId}/logs`)).body;
  const taskContainers = async () =>
    ((await engine.containers({ label: [TASK_LABEL] })) ?? []) as {
      Id: string;
      Labels: Record<string, string>;
    }[];

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
    const admin = await createAccount(server);
    token = await loginToken(server, admin);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: `${prefix} tâches`,
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
    // The every-minute task starts its two minutes now; it is looked at last.
    const task = await call<{ id: string }>('POST', `/deployments/${appId}/tasks`, {
      nom: 'Chaque minute',
      commande:
        'echo "tâche sur $(hostname)"; echo "variable WORDPRESS_DB_HOST=$WORDPRESS_DB_HOST"',
      planification: '* * * * *',
    });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    everyMinute = task.body.id;
    everyMinuteCreatedAt = Date.now();

    // A member with the user role.
    const member = await createAccount(server, newAccount({ prenom: 'Ursule', nom: 'Lecture' }));
    await call('POST', `/projects/${project.body.id}/members`, {
      email_utilisateur_invite: member.email,
      role_projet: 'user',
    });
    userCall = apiClient(server, await loginToken(server, member));
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
    for (const c of await taskContainers())
      if (c.Labels['nuagedeploy.io/task-of'] === appId) await engine.removeContainer(c.Id);
    await sweep(engine, { deployments, networks });
    await images?.cleanup();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('refuses a member with the user role: no task, no command, no log', async () => {
    const command = await userCall('POST', `/deployments/${appId}/commands`, { commande: 'id' });
    expect(command.status).toBe(403);
    const task = await userCall('POST', `/deployments/${appId}/tasks`, {
      nom: 'Intrus',
      commande: 'id',
      planification: '* * * * *',
    });
    expect(task.status).toBe(403);
    expect((await userCall('POST', `/deployments/${appId}/tasks/${everyMinute}/run`)).status).toBe(
      403,
    );
    // Reading the list is theirs.
    expect((await userCall('GET', `/deployments/${appId}/tasks`)).status).toBe(200);
  });

  it('stops a task that overruns at its timeout, and removes its container', async () => {
    const task = await call<{ id: string }>('POST', `/deployments/${appId}/tasks`, {
      nom: 'Trop longue',
      commande: 'echo début; sleep 120; echo jamais',
      planification: '0 3 1 1 *',
      delai_max_secondes: 10,
    });
    const started = await call<{ execution: Run }>(
      'POST',
      `/deployments/${appId}/tasks/${task.body.id}/run`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = await pollUntil(
      'the run to end',
      () => logOf(started.body.execution.id),
      (l) => l.execution.statut !== 'running',
      { timeoutMs: 60_000 },
    );
    expect(run.execution).toMatchObject({
      statut: 'timeout',
      declencheur: 'manual',
      erreur: "Arrêtée : l'exécution a dépassé son délai maximal de 10 seconde(s).",
    });
    expect(run.execution.duree_secondes).toBeGreaterThanOrEqual(10);
    expect(run.execution.duree_secondes).toBeLessThan(40);
    expect(run.lignes.map((l) => l.line)).toEqual(['début']);
    const left = (await taskContainers()).filter(
      (c) => c.Labels[TASK_LABEL] === started.body.execution.id,
    );
    expect(left).toEqual([]);
  }, 90_000);

  async function tasksSection(page: Page) {
    await page.goto(`/deployment/${appId}`);
    const section = page.getByRole('region', { name: 'Tâches planifiées' });
    await section.getByText('Chaque minute').waitFor();
    return section;
  }

  it('streams a one-off command’s output to the page as it is printed', async () => {
    const page = await openPage(browser, server.url, contexts, { token, timeoutMs: 30_000 });
    const section = await tasksSection(page);
    await section.getByRole('button', { name: 'Exécuter une commande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exécuter une commande' });
    await dialog
      .getByLabel('Commande')
      .fill('for i in 1 2 3 4; do echo "ligne $i sur $(hostname)"; sleep 2; done');
    await dialog.getByRole('button', { name: 'Exécuter' }).click();
    const output = dialog.getByRole('log', { name: 'Sortie de la commande' });
    // Live: the first line is on the page while the command still runs.
    await output.getByText(/^ligne 1 sur /).waitFor();
    await expect(dialog.getByText('En cours', { exact: true }).count()).resolves.toBe(1);
    expect(await output.getByText(/^ligne 4 sur /).count()).toBe(0);
    await sectionShot(dialog, 'tasks-command-live-light-1280');
    await output.getByText(/^ligne 4 sur /).waitFor();
    await dialog.getByText('Réussie', { exact: true }).waitFor();
    await dialog.getByText('Code de sortie : 0').waitFor();
    await sectionShot(dialog, 'tasks-command-done-light-1280');
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    const runs = await runsOf();
    expect(runs.find((r) => r.declencheur === 'command')).toMatchObject({
      statut: 'success',
      code_sortie: 0,
      simulee: false,
    });
  }, 90_000);

  it('shows the schedule in French as it is typed', async () => {
    const page = await openPage(browser, server.url, contexts, {
      token,
      theme: 'dark',
      width: 390,
    });
    const section = await tasksSection(page);
    await section.getByRole('button', { name: 'Nouvelle tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle tâche planifiée' });
    const schedule = dialog.getByLabel('Planification (cron, 5 champs)');
    await schedule.fill('30 8 * * 1-5');
    await dialog.getByText('du lundi au vendredi à 08:30').waitFor();
    await schedule.fill('*/5 * * *');
    await dialog.getByText(/5 champs séparés par des espaces/).waitFor();
    await schedule.fill('*/5 * * * *');
    await dialog.getByText('toutes les 5 minutes').waitFor();
    await sectionShot(dialog, 'tasks-form-dark-390');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
  }, 60_000);

  it('runs a task scheduled every minute twice in about two minutes, each with its log', async () => {
    const wanted = (runs: Run[]) =>
      runs.filter((r) => r.tache_id === everyMinute && r.statut !== 'running');
    const runs = await pollUntil('two scheduled runs', runsOf, (r) => wanted(r).length >= 2, {
      timeoutMs: Math.max(10_000, everyMinuteCreatedAt + 150_000 - Date.now()),
      everyMs: 2000,
    });
    for (const run of wanted(runs).slice(0, 2)) {
      expect(run).toMatchObject({ statut: 'success', declencheur: 'schedule', code_sortie: 0 });
      const log = await logOf(run.id);
      expect(log.lignes[0]!.line).toMatch(/^tâche sur [a-z0-9-]+$/);
      // The application's own variables reach the task.
      expect(log.lignes[1]!.line).toMatch(/^variable WORDPRESS_DB_HOST=\S+/);
    }
    expect(
      (await taskContainers()).filter((c) => c.Labels['nuagedeploy.io/task-of'] === appId),
    ).toEqual([]);
    // The page in both themes and widths, runs listed with their status.
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      const section = await tasksSection(page);
      await section.getByText('toutes les minutes').first().waitFor();
      await section
        .getByRole('list', { name: 'Dernières exécutions' })
        .getByText('Planifiée')
        .first()
        .waitFor();
      await sectionShot(section, `tasks-section-${theme}-${width}`);
      await page.context().close();
    }
  }, 200_000);
});
