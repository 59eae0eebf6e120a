import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, type ApiCall } from './helpers/api';
import { launchBrowser, openPage, screenshotsDir } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The « Alertes » card with the volumes' disk (issue 28 item 6) on the simulation runtime: the
 * advised rules now watch the disk too, and the form says what « Disque des volumes » measures;
 * both themes, on a phone and a desktop.
 */
describe('disk alerts in the « Alertes » card', () => {
  const contexts: BrowserContext[] = [];
  let server: RunningServer;
  let browser: Browser;
  let call: ApiCall;
  let token: string;
  let appId: string;

  beforeAll(async () => {
    server = await startServer({ RUNTIME: 'simulation' });
    const account = await createAccount(server);
    token = await loginToken(server, account);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: 'Archives Dakar',
      quota_cpu: 4,
      quota_ram: 8,
      quota_stockage: 100,
    });
    const env = await call<{ id: string }>(
      'POST',
      `/environments/${project.body.id}/environments`,
      { nom: 'Production', type: 'prod' },
    );
    const app = await call<{ id: string }>('POST', `/deployments/${env.body.id}/deploy/erp`, {
      nom: 'archives',
      cpu: 0.5,
      ram: 1,
      storage: 5,
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

  it('adds the advised rules, the disk among them, and explains the disk measure', async () => {
    let first = true;
    for (const theme of ['light', 'dark'] as const)
      for (const width of [390, 1280]) {
        const page = await openPage(browser, server.url, contexts, { token, theme, width });
        await page.goto(`/deployment/${appId}`);
        const card = page.getByRole('region', { name: 'Alertes' });
        if (first) {
          await card.getByRole('button', { name: 'Ajouter les alertes conseillées' }).click();
          first = false;
        }
        await card
          .getByText('Un volume rempli au-delà de 90 % de sa taille pendant 10 min')
          .waitFor();
        const rules = await call<{ regles: { type: string }[] }>(
          'GET',
          `/deployments/${appId}/metric-alerts`,
        );
        expect(rules.body.regles.map((r) => r.type)).toEqual(['cpu', 'memory', 'disk']);
        await card.getByRole('button', { name: 'Modifier' }).last().click();
        await card.getByText('Le volume le plus rempli de l’application').waitFor();
        expect(await card.getByLabel('Seuil (% de la taille du volume)').inputValue()).toBe('90');
        const box = await card.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(width);
        await card.scrollIntoViewIfNeeded();
        if (process.env.E2E_SCREENSHOTS !== '0')
          await card.screenshot({
            path: path.join(screenshotsDir, `metric-alerts-disk-${theme}-${width}.png`),
          });
      }
  }, 180_000);
});
