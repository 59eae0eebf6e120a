// Issue 30 item 3 in Chromium: the wizard lists the catalogue's applications (one data file
// each) with their category, a search and a category filter, in French.
import { catalogueTexts } from '@nuage/shared/messages/catalog';
import { saasTemplateIds } from '@nuage/shared/catalog';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const SHOTS = '/work/notes/screens/templates-data';
/** The catalogue once it reached 26 applications (issue 30 item 3). */
const MORE_SHOTS = '/work/notes/screens/more-apps';

describe('the catalogue in the deploy wizard', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let envId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    await mkdir(MORE_SHOTS, { recursive: true });
    server = await startServer();
    token = await loginToken(server, await createAccount(server));
    const api = apiClient(server, token);
    const project = await api<{ id: string }>('POST', '/projects/', {
      nom: 'Boutique Dakar',
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    envId = (
      await api<{ id: string }>('POST', `/environments/${project.body.id}/environments`, {
        nom: 'Production',
        type: 'prod',
      })
    ).body.id;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  async function templateStep(theme: 'light' | 'dark', width: number): Promise<Page> {
    const page = await openPage(browser, server.url, contexts, { token, theme, width });
    await page.goto(`/deploy?environmentId=${envId}`);
    await page.getByRole('heading', { name: /^Étape 1 sur 5/ }).waitFor();
    await page.getByRole('radio', { name: /SaaS/ }).check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('article', { name: 'Dolibarr' }).waitFor();
    return page;
  }

  const cards = (page: Page) =>
    page
      .getByRole('article')
      .evaluateAll((all) => all.map((a) => a.getAttribute('aria-labelledby') ?? ''));

  it('lists every application, finds by a word without its accent, filters by category', async () => {
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 390],
    ] as const) {
      const page = await templateStep(theme, width);
      expect(await cards(page)).toHaveLength(saasTemplateIds.length);
      await page.getByText(catalogueTexts.count(saasTemplateIds.length)).waitFor();
      await page.screenshot({ path: `${SHOTS}/catalogue-${theme}-${width}.png`, fullPage: true });
      expect(saasTemplateIds.length).toBeGreaterThanOrEqual(28);
      for (const name of ['EspoCRM', 'Redmine', 'Vikunja', 'NocoDB', 'Uptime Kuma', 'Umami'])
        expect(await page.getByRole('article', { name }).count(), name).toBe(1);
      await page.screenshot({
        path: `${MORE_SHOTS}/catalogue-${theme}-${width}.png`,
        fullPage: true,
      });

      // The two categories the added applications opened.
      await page.getByLabel(catalogueTexts.categoryLabel).selectOption('Gestion de projet');
      await page.getByText(catalogueTexts.count(3)).waitFor();
      expect(await page.getByRole('article', { name: 'Kanboard' }).count()).toBe(1);
      expect(await page.getByRole('article', { name: 'Redmine' }).count()).toBe(1);
      expect(await page.getByRole('article', { name: 'Vikunja' }).count()).toBe(1);
      await page.getByLabel(catalogueTexts.categoryLabel).selectOption('Relation client');
      await page.getByText(catalogueTexts.count(2)).waitFor();
      expect(await page.getByRole('article', { name: 'EspoCRM' }).count()).toBe(1);
      await page.screenshot({
        path: `${MORE_SHOTS}/relation-client-${theme}-${width}.png`,
        fullPage: true,
      });
      await page.getByLabel(catalogueTexts.categoryLabel).selectOption('');

      await page.getByLabel(catalogueTexts.searchLabel).fill('comptabilite');
      await page.getByRole('article', { name: 'Odoo' }).waitFor();
      expect(await page.getByRole('article', { name: 'Dolibarr' }).count()).toBe(1);
      expect(await page.getByRole('article', { name: 'WordPress' }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/search-${theme}-${width}.png`, fullPage: true });

      await page.getByLabel(catalogueTexts.searchLabel).fill('');
      await page.getByLabel(catalogueTexts.categoryLabel).selectOption('E-commerce');
      await page.getByText(catalogueTexts.count(1)).waitFor();
      expect(await page.getByRole('article', { name: 'PrestaShop' }).count()).toBe(1);

      await page.getByLabel(catalogueTexts.searchLabel).fill('introuvable');
      await page.getByText(catalogueTexts.noMatch).waitFor();
      await page.screenshot({ path: `${SHOTS}/no-match-${theme}-${width}.png`, fullPage: true });

      // A found application is chosen as before: the configuration step follows.
      await page.getByLabel(catalogueTexts.categoryLabel).selectOption('');
      await page.getByLabel(catalogueTexts.searchLabel).fill('grafana');
      await page
        .getByRole('article', { name: 'Grafana' })
        .getByRole('button', { name: 'Choisir' })
        .click();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('heading', { name: /^Étape 4 sur 5/ }).waitFor();
      await page.screenshot({
        path: `${SHOTS}/grafana-configuration-${theme}-${width}.png`,
        fullPage: true,
      });
    }
  }, 180_000);
});
