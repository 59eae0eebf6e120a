import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage, screenshot, screenshotsDir } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

/**
 * A Compose application's « Historique des ressources » per service (issue 30 item 2) on the
 * simulation runtime, sampled every 2 s: the « Service affiché » list switches the graphs from
 * the whole stack to one service and back, in both themes and on a phone.
 */
interface History {
  service: string | null;
  limits: { cpu_milli: number };
  series: { at: number[] };
}

const STACK = `services:
  web:
    image: ghcr.io/acme/boutique:2.0
    deploy:
      resources:
        limits:
          cpus: "0.5"
          memory: 512M
  db:
    image: postgres:16
    volumes:
      - donnees:/var/lib/postgresql/data
volumes:
  donnees:
    x-taille: 2G
`;

describe('resource history per Compose service', () => {
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
      { nom: 'Production', type: 'prod' },
    );
    const app = await call<{ id: string }>('POST', `/deployments/${env.body.id}/deploy/compose`, {
      nom: 'boutique',
      fichier_compose: STACK,
      service_expose: 'web',
      port: 8080,
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

  it('switches the graphs to one service and back, in both themes and on a phone', async () => {
    const db = await pollUntil(
      'a few samples of the db service',
      async () =>
        (
          await call<History>(
            'GET',
            `/monitoring/applications/${appId}/metrics/history?range=1h&service=db`,
          )
        ).body,
      (h) => h.series.at.length >= 4,
      { timeoutMs: 90_000 },
    );
    // The default size of a service without limits in the file: half a core.
    expect(db).toMatchObject({ service: 'db', limits: { cpu_milli: 500 } });
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 1280],
      ['dark', 390],
    ] as const) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployment/${appId}`);
      const card = page.getByRole('region', { name: 'Historique des ressources' });
      await card.getByRole('button', { name: '1 h' }).click();
      const picker = card.getByRole('combobox', { name: 'Service affiché' });
      expect(await picker.locator('option').allInnerTexts()).toEqual([
        'Tous les services',
        'db',
        'web',
      ]);
      await card.locator('canvas').nth(3).waitFor();
      expect(await card.innerText()).toContain('Disque des volumes (Mo)');

      await picker.focus();
      await picker.selectOption('db');
      await card
        .getByText('L’espace disque des volumes est mesuré pour l’application entière')
        .waitFor();
      await card.locator('canvas').nth(2).waitFor();
      expect(await card.locator('canvas').count()).toBe(3);
      expect(
        await card
          .getByRole('img', { name: /^Processeur : pic de \d+ sur la période, limite 500$/ })
          .count(),
      ).toBe(1);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `metrics-per-service-${theme}-${width}`);
      if (process.env.E2E_SCREENSHOTS !== '0')
        await card.screenshot({
          path: path.join(screenshotsDir, `metrics-per-service-card-${theme}-${width}.png`),
        });

      await picker.selectOption('');
      await card.locator('canvas').nth(3).waitFor();
    }
  }, 180_000);
});
