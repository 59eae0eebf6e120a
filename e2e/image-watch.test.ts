import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { shortDigest } from '@nuage/shared/image-reference';
import { imageWatchTexts } from '@nuage/shared/messages/images';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { getFresh, serving } from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { ensureBuildBaseImages, TEST_BUSYBOX_IMAGE } from './support/build-images';
import {
  registryMissing,
  startTestRegistry,
  type TestRegistry,
} from './support/test-registry/test-registry';

/**
 * « Redéployer à chaque nouvelle version » (issue 30 "What must be shown": a new digest pushed
 * under the same tag is deployed when the user enabled it), on Podman with Debian's
 * docker-registry (TLS, htpasswd): version A is pushed as `:1` and deployed by two
 * applications, one with the option on; version B is then pushed under the same `:1`. The one
 * with the option serves B at its URL, pulled by digest; the other still serves A.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason ?? registryMissing();
if (skipReason && process.env.CI) {
  throw new Error(`CI must run the image watch test, but ${skipReason}`);
}
if (skipReason) console.warn(`[e2e image watch] skipped: ${skipReason}`);

const prefix = `nde2e-watch-${randomBytes(3).toString('hex')}`;
const USER = 'acme';
const PASSWORD = 'mot-de-passe-du-registre';
const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/digest-watch';

interface ImageApp {
  id: string;
  generation?: number;
  application_url: string | null;
  image_settings: {
    redeploiement_auto: boolean;
    empreinte_en_service: string | null;
    derniere_verification: string | null;
    erreur_registre: string | null;
  };
}

/** A local image serving `text` from its own files (no command given by the platform). */
function buildVersion(tag: string, text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nuage-watch-'));
  try {
    writeFileSync(path.join(dir, 'index.html'), `${text}\n`);
    writeFileSync(
      path.join(dir, 'Containerfile'),
      [
        `FROM ${TEST_BUSYBOX_IMAGE}`,
        'COPY index.html /www/index.html',
        'CMD ["busybox", "httpd", "-f", "-p", "8080", "-h", "/www"]',
        '',
      ].join('\n'),
    );
    const ref = `localhost/${prefix}-site:${tag}`;
    execFileSync('podman', ['build', '--pull=never', '-t', ref, '-f', 'Containerfile', '.'], {
      cwd: dir,
      stdio: 'ignore',
    });
    return ref;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(skipReason !== null)('a new digest pushed under the same tag', () => {
  let platform: PodmanPlatform;
  let registry: TestRegistry;
  let versionA: string;
  let versionB: string;
  let image: string;

  beforeAll(async () => {
    ensureBuildBaseImages();
    versionA = buildVersion('a', 'version A');
    versionB = buildVersion('b', 'version B');
    registry = await startTestRegistry(USER, PASSWORD);
    image = await registry.push(versionA, `${prefix}/site:1`);
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix, {
      // The test registry listens on loopback: an operator's private registry, allowed.
      IMAGE_ALLOW_PRIVATE_REGISTRIES: 'true',
      IMAGE_WATCH_INTERVAL_SECONDS: '5',
    });
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
    await registry?.stop();
    for (const ref of [versionA, versionB])
      if (ref) execFileSync('podman', ['rmi', '--force', ref], { stdio: 'ignore' });
  }, 180_000);

  const detail = async (id: string) =>
    (await platform.call<ImageApp>('GET', `/deployments/deployment/${id}`)).body;

  it('is deployed when the user enabled it, and not when they did not', async () => {
    const credentials = await platform.call<{ id: string }>(
      'POST',
      `/projects/${platform.projectId}/registry-credentials`,
      { registre: registry.host, utilisateur: USER, mot_de_passe: PASSWORD },
    );
    expect(credentials.status, JSON.stringify(credentials.body)).toBe(201);
    const deploy = async (nom: string, redeploiement_auto: boolean) => {
      const res = await platform.call<ImageApp>(
        'POST',
        `/deployments/${platform.envId}/deploy/image`,
        {
          nom,
          image,
          port: 8080,
          chemin_sante: '/',
          cpu: 0.2,
          ram: 0.5,
          replicas: 1,
          registry_credential_id: credentials.body.id,
          redeploiement_auto,
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      platform.deployments.push({ id: res.body.id });
      return res.body.id;
    };
    const watched = await deploy('suit-etiquette', true);
    const fixed = await deploy('version-fixe', false);
    const watchedAt = await serving(platform.call, watched, 'version A\n');
    const fixedAt = await serving(platform.call, fixed, 'version A\n');

    // The first check reads version A's digest: the baseline, nothing redeployed.
    const baseline = await pollUntil(
      'the first registry check',
      () => detail(watched),
      (d) => d.image_settings.empreinte_en_service !== null,
      { timeoutMs: 60_000, everyMs: 500 },
    );
    expect(baseline.image_settings.erreur_registre).toBeNull();
    expect(baseline.image_settings.derniere_verification).not.toBeNull();

    await registry.push(versionB, `${prefix}/site:1`);
    await pollUntil(
      '"version B" at the watched application',
      () => getFresh(`${watchedAt.application_url}/`),
      (r) => r.status === 200 && r.body === 'version B\n',
      { timeoutMs: 180_000, everyMs: 500 },
    );
    const after = await detail(watched);
    expect(after.image_settings.empreinte_en_service).not.toBe(
      baseline.image_settings.empreinte_en_service,
    );
    expect(after.image_settings.erreur_registre).toBeNull();
    // The page says which version runs now, in short.
    const browser = await launchBrowser();
    const contexts: BrowserContext[] = [];
    try {
      const page = await openPage(browser, platform.server.url, contexts, {
        token: platform.token,
        theme: 'light',
        width: 1280,
      });
      await page.goto(`/deployment/${watched}`);
      const card = page.getByRole('region', { name: imageWatchTexts.cardTitle });
      await card.getByText(shortDigest(after.image_settings.empreinte_en_service!)).waitFor();
      await page
        .getByText(
          imageWatchTexts.newVersion('1', shortDigest(after.image_settings.empreinte_en_service!)),
        )
        .first()
        .waitFor();
      if (SHOTS) {
        await mkdir(SHOTS, { recursive: true });
        const option = card.getByLabel(imageWatchTexts.optionLabel);
        await expect.poll(() => option.isEnabled(), { timeout: 15_000 }).toBe(true);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: `${SHOTS}/image-watch-redeployed-light-1280.png`,
          fullPage: true,
        });
      }
    } finally {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
    }

    // Several check intervals later, the application without the option still runs version A.
    await new Promise((r) => setTimeout(r, 15_000));
    const unchanged = await getFresh(`${fixedAt.application_url}/`);
    expect(`${unchanged.status} ${unchanged.body}`).toBe('200 version A\n');
    expect((await detail(fixed)).image_settings.empreinte_en_service).toBeNull();
  }, 600_000);
});
