import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { composeFormTexts } from '@nuage/shared/messages/compose';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, objectsOf } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { serving } from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { ensureBuildBaseImages, TEST_BUSYBOX_IMAGE } from './support/build-images';

/**
 * Backups of a Compose stack's named volumes on Podman (issue 30 item 2), and its live usage
 * per service: « Sauvegarder
 * maintenant » archives both volumes of a two-service stack while the services are frozen (not
 * restarted), and the restore puts each volume back: the site serves the saved page again and
 * the other service's volume holds its saved file, and nothing written after the backup.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason;
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the Compose backup tests, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e compose backups] skipped: ${skipReason}`);

const prefix = `nde2e-cbk-${randomBytes(3).toString('hex')}`;
const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/compose-gaps';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

const STACK = `
services:
  web:
    image: busybox:1.36
    entrypoint: ["sh", "-c"]
    command:
      - exec busybox httpd -f -p 8080 -h /srv/site
    volumes:
      - site:/srv/site
    deploy:
      resources:
        limits:
          cpus: "0.2"
          memory: 64M
  journal:
    image: busybox:1.36
    entrypoint: ["sh", "-c"]
    command:
      - while true; do sleep 1; done
    volumes:
      - journal:/journal
    deploy:
      resources:
        limits:
          cpus: "0.1"
          memory: 32M
volumes:
  site: {}
  journal: {}
`;

interface Backups {
  sauvegardes: { id: string; statut: string; erreur: string | null }[];
  restaurations: { statut: string; erreur: string | null }[];
}

describe.skipIf(skipReason !== null)('backups of a Compose stack on Podman', () => {
  let platform: PodmanPlatform;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ensureBuildBaseImages();
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix, {
      IMAGE_OVERRIDES: `busybox:1.36=${TEST_BUSYBOX_IMAGE}`,
    });
  }, 600_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await platform?.stop();
  }, 180_000);

  const containers = async (id: string) => {
    const { containers: found } = await objectsOf(detected.engine!, id);
    const web = found.find((c: { name: string }) => /-0(-b)?$/.test(c.name));
    const journal = found.find((c: { name: string }) => c.name.endsWith('-journal'));
    expect(web && journal, JSON.stringify(found)).toBeTruthy();
    return { web: web!.name as string, journal: journal!.name as string };
  };
  const sh = (container: string, script: string) =>
    execFileSync('podman', ['exec', container, 'sh', '-c', script], { encoding: 'utf8' });
  const startedAt = async (container: string) =>
    ((await detected.engine!.inspect(container)) as unknown as { State: { StartedAt: string } })
      .State.StartedAt;
  const backupsOf = async (id: string) =>
    (await platform.call<Backups>('GET', `/deployments/${id}/backups`)).body;
  const settled = (id: string, what: string) =>
    pollUntil(
      what,
      () => backupsOf(id),
      (b) =>
        b.sauvegardes.every((x) => x.statut !== 'running') &&
        b.restaurations.every((x) => x.statut !== 'running'),
      { timeoutMs: 300_000, everyMs: 1000 },
    );

  it('archives both volumes without restarting the services, and the restore puts each back', async () => {
    const res = await platform.call<{ id: string }>(
      'POST',
      `/deployments/${platform.envId}/deploy/compose`,
      { nom: 'pile-sauvee', fichier_compose: STACK, service_expose: 'web', port: 8080 },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    platform.deployments.push({ id });
    await pollUntil(
      'both services running',
      async () =>
        (
          await platform.call<{ pods_status: { status: string }[] }>(
            'GET',
            `/deployments/deployment/${id}`,
          )
        ).body.pods_status,
      (p) => p.length === 2 && p.every((x) => x.status === 'Running'),
      { timeoutMs: 180_000, everyMs: 1000 },
    );
    const { web, journal } = await containers(id);

    // The live usage, each container under its Compose service (the engine's stats API).
    const metrics = await pollUntil(
      'metrics of both services',
      async () =>
        (
          await platform.call<{
            available: boolean;
            pods: { service: string | null }[];
          }>('GET', `/monitoring/applications/${id}/metrics`)
        ).body,
      (m) => m.available && m.pods.length === 2,
      { timeoutMs: 60_000, everyMs: 1000 },
    );
    expect(metrics.pods.map((p) => p.service).sort()).toEqual(['journal', 'web']);
    // The application page's services card says it for each service, in both themes.
    browser = await launchBrowser();
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    for (const { theme, width } of variants) {
      const page = await openPage(browser, platform.server.url, contexts, {
        token: platform.token,
        theme,
        width,
        timeoutMs: 60_000,
      });
      await page.goto(`/deployment/${id}`);
      const services = page.getByRole('region', { name: composeFormTexts.servicesTitle });
      for (const name of ['web', 'journal']) {
        await services
          .getByRole('listitem', { name })
          .getByLabel(composeFormTexts.liveUsageLabel)
          .waitFor();
      }
      if (SHOTS) {
        await services.screenshot({
          path: `${SHOTS}/compose-services-usage-${theme}-${width}.png`,
        });
      }
    }
    sh(web, 'echo "page sauvegardee" > /srv/site/index.html');
    sh(journal, 'echo "ligne 1" > /journal/log');
    await serving(platform.call, id, 'page sauvegardee\n');
    const before = { web: await startedAt(web), journal: await startedAt(journal) };

    const asked = await platform.call('POST', `/deployments/${id}/backups`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const [backup] = (await settled(id, 'the backup')).sauvegardes;
    expect(backup, JSON.stringify(backup)).toMatchObject({ statut: 'success', erreur: null });
    // Frozen while copied, never stopped: the same processes run on.
    expect({ web: await startedAt(web), journal: await startedAt(journal) }).toEqual(before);
    await serving(platform.call, id, 'page sauvegardee\n');

    // Written after the backup: gone once it is restored.
    sh(web, 'echo "page perdue" > /srv/site/index.html');
    sh(journal, 'rm /journal/log && echo "apres" > /journal/ajout');
    await serving(platform.call, id, 'page perdue\n');

    const restore = await platform.call(
      'POST',
      `/deployments/${id}/backups/${backup!.id}/restore`,
      { confirmation: true },
    );
    expect(restore.status, JSON.stringify(restore.body)).toBe(202);
    const [restored] = (await settled(id, 'the restore')).restaurations;
    expect(restored, JSON.stringify(restored)).toMatchObject({ statut: 'success', erreur: null });
    await serving(platform.call, id, 'page sauvegardee\n');
    const after = await containers(id);
    expect(sh(after.journal, 'cat /journal/log; ls /journal')).toBe('ligne 1\nlog\n');
  }, 600_000);
});
