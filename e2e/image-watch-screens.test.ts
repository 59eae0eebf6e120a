// « Redéployer à chaque nouvelle version » in Chromium (issue 30 item 1): the box of the inline
// IMAGE form, and the « Nouvelles versions de l’image » card of an application page with a
// registry that does not answer (its French reason, the application untouched), turned off
// there; both themes, 1280 and 390 px, with the page checks every browser test runs. Simulation
// runtime: the real redeploy by digest is e2e/image-watch.test.ts's.
import { imageWatchTexts } from '@nuage/shared/messages/images';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/digest-watch';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;
/** `.invalid` never resolves (RFC 2606): the registry's check fails the same way every time. */
const REGISTRY = 'registre.exemple.invalid';

interface WatchDetail {
  statut_deploiement: string;
  image_settings: { redeploiement_auto: boolean; erreur_registre: string | null };
}

describe('« Redéployer à chaque nouvelle version » in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let api: ApiCall;
  let envId: string;
  let appId: string;
  const contexts: BrowserContext[] = [];

  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    server = await startServer({ IMAGE_WATCH_INTERVAL_SECONDS: '5' });
    token = await loginToken(server, await createAccount(server));
    api = apiClient(server, token);
    const projectId = (
      await api<{ id: string }>('POST', '/projects/', {
        nom: 'Boutique Dakar',
        quota_cpu: 8,
        quota_ram: 16,
        quota_stockage: 100,
      })
    ).body.id;
    envId = (
      await api<{ id: string }>('POST', `/environments/${projectId}/environments`, {
        nom: 'Production',
        type: 'prod',
      })
    ).body.id;
    const app = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/image`, {
      nom: 'api-commandes',
      image: `${REGISTRY}/acme/api:1`,
      port: 8080,
      cpu: 0.5,
      ram: 0.5,
      replicas: 1,
      redeploiement_auto: true,
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    appId = app.body.id;
    await pollUntil(
      'the registry check to fail, the application running (simulation)',
      async () => (await api<WatchDetail>('GET', `/deployments/deployment/${appId}`)).body,
      (d) => d.statut_deploiement === 'RUNNING' && d.image_settings.erreur_registre !== null,
      { timeoutMs: 60_000 },
    );
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('the inline IMAGE form offers the option', async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployments/${envId}`);
      await page.getByRole('button', { name: /Déploiement rapide/ }).click();
      const form = page.getByRole('form', { name: 'Déploiement rapide' });
      await form.getByLabel('Type').selectOption('IMAGE');
      await form.getByLabel("Nom de l'application").fill('site-vitrine');
      await form.getByLabel('Image', { exact: true }).fill('ghcr.io/acme/site:1');
      const option = form.getByLabel(imageWatchTexts.optionLabel);
      expect(await option.isChecked()).toBe(false);
      await option.check();
      await form.getByText(imageWatchTexts.optionHelp).waitFor();
      await option.scrollIntoViewIfNeeded();
      await shoot(page, `inline-image-watch-${theme}-${width}`);
    }
  }, 120_000);

  it('the application page shows the registry’s refusal in French and turns the option off', async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployment/${appId}`);
      const card = page.getByRole('region', { name: imageWatchTexts.cardTitle });
      await card.getByText(imageWatchTexts.unreachable(REGISTRY)).waitFor();
      await card.getByText(imageWatchTexts.keepsRunning).waitFor();
      const option = card.getByLabel(imageWatchTexts.optionLabel);
      expect(await option.isChecked()).toBe(true);
      // The project's role read: the owner may change it.
      await expect.poll(() => option.isEnabled(), { timeout: 15_000 }).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `image-watch-error-${theme}-${width}`);
      if (SHOTS) await card.screenshot({ path: `${SHOTS}/image-watch-card-${theme}-${width}.png` });
    }
    const page = await openPage(browser, server.url, contexts, {
      token,
      theme: 'light',
      width: 1280,
    });
    await page.goto(`/deployment/${appId}`);
    const card = page.getByRole('region', { name: imageWatchTexts.cardTitle });
    // The registry webhook: its URL shown once, and a call to it accepted.
    await card.getByText(imageWatchTexts.hookNone).waitFor();
    await card.getByRole('button', { name: imageWatchTexts.hookCreate }).click();
    await card.getByText(imageWatchTexts.hookShownOnce).waitFor();
    const hookUrl = await card.locator('code', { hasText: '/webhooks/image/' }).innerText();
    const hit = await fetch(hookUrl.replace(/^https?:\/\/[^/]+/, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ push_data: { tag: '1' } }),
    });
    expect(hit.status).toBe(202);
    await card.scrollIntoViewIfNeeded();
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/image-watch-hook-light-1280.png` });
    // Back to the top: scrolled to the card, the box would sit under the sticky navigation bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await card.getByLabel(imageWatchTexts.optionLabel).uncheck();
    await card.getByText(imageWatchTexts.disabledHint).waitFor();
    expect(await card.innerText()).not.toContain(imageWatchTexts.unreachable(REGISTRY));
    // Saved: the box is enabled again once the page read the application back.
    await expect
      .poll(() => card.getByLabel(imageWatchTexts.optionLabel).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    const after = await api<WatchDetail>('GET', `/deployments/deployment/${appId}`);
    expect(after.body.image_settings.redeploiement_auto).toBe(false);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'image-watch-off-light-1280');
  }, 120_000);
});
