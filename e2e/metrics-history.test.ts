import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage, screenshot, screenshotsDir } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The « Historique des ressources » graphs (issue 28 item 4) on the simulation runtime, sampled
 * every 2 s (METRICS_SAMPLE_SECONDS): the card draws its four charts (the volumes' disk among
 * them), labelled « simulé », in both themes, on a phone and a desktop; a period button switches the resolution.
 */
interface History {
  resolution: string;
  simulated: boolean;
  series: { at: number[] };
}

describe('resource history graphs', () => {
  const contexts: BrowserContext[] = [];
  let server: RunningServer;
  let browser: Browser;
  let call: ApiCall;
  let token: string;
  let appId: string;

  beforeAll(async () => {
    server = await startServer({ RUNTIME: 'simulation', METRICS_SAMPLE_SECONDS: '2' });
    const account = await createAccount(server);
    token = await loginToken(server, account);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: 'Boutique Teranga',
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    const env = await call<{ id: string }>(
      'POST',
      `/environments/${project.body.id}/environments`,
      {
        nom: 'Production',
        type: 'prod',
      },
    );
    const app = await call<{ id: string }>('POST', `/deployments/${env.body.id}/deploy/erp`, {
      nom: 'vitrine',
      cpu: 0.5,
      ram: 1,
      storage: 1,
      replicas: 1,
      type_application: 'wordpress',
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    appId = app.body.id;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it('draws CPU, memory, network and disk, labelled simulated, in both themes and on a phone', async () => {
    await pollUntil(
      'a few samples',
      async () =>
        (await call<History>('GET', `/monitoring/applications/${appId}/metrics/history?range=1h`))
          .body,
      (h) => h.series.at.length >= 4,
      { timeoutMs: 90_000 },
    );
    for (const theme of ['light', 'dark'] as const)
      for (const width of [390, 1280]) {
        const page = await openPage(browser, server.url, contexts, { token, theme, width });
        await page.goto(`/deployment/${appId}`);
        const card = page.getByRole('region', { name: 'Historique des ressources' });
        await card.getByRole('button', { name: '1 h' }).click();
        await card.locator('canvas').nth(3).waitFor();
        expect(await card.locator('canvas').count()).toBe(4);
        const text = await card.innerText();
        expect(text).toContain('simulé');
        expect(text).toContain('Processeur (millicœurs)');
        expect(text).toContain('Réseau (Ko/s)');
        expect(text).toContain('Disque des volumes (Mo)');
        expect(text).toMatch(/volume le plus rempli : \d+ % de sa taille/);
        // A chart fits the phone's width (no sideways scrolling).
        const box = await card.locator('canvas').first().boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `metrics-history-${theme}-${width}`);
        if (process.env.E2E_SCREENSHOTS !== '0')
          await card.screenshot({
            path: path.join(screenshotsDir, `metrics-history-card-${theme}-${width}.png`),
          });
      }
  }, 180_000);

  it('reads 5-minute averages for 7 days, and says so', async () => {
    const page = await openPage(browser, server.url, contexts, { token });
    await page.goto(`/deployment/${appId}`);
    const card = page.getByRole('region', { name: 'Historique des ressources' });
    await card.getByRole('button', { name: '7 j' }).click();
    await card.getByText('moyennes sur 5 minutes').waitFor();
    expect(await card.getByRole('button', { name: '7 j' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  }, 60_000);

  it('draws the dashboard’s « Ressources utilisées » over every application, both themes, on a phone', async () => {
    for (const theme of ['light', 'dark'] as const)
      for (const width of [390, 1280]) {
        const page = await openPage(browser, server.url, contexts, { token, theme, width });
        await page.goto('/dashboard');
        const card = page.getByRole('region', { name: 'Ressources utilisées' });
        await card.getByRole('button', { name: '1 h' }).click();
        await card.locator('canvas').nth(1).waitFor();
        const text = await card.innerText();
        expect(text).toContain('Votre application en service, face à ce qu’elle réserve');
        expect(text).toContain('simulé');
        const box = await card.locator('canvas').first().boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        await card.scrollIntoViewIfNeeded();
        if (process.env.E2E_SCREENSHOTS !== '0')
          await card.screenshot({
            path: path.join(screenshotsDir, `dashboard-graphs-${theme}-${width}.png`),
          });
      }
  }, 120_000);
});
