// Issue 25 item 2 in Chromium: the « Accès public » card of a database page, off (with its
// allow-list field and a French error on a wrong line), then on (address, public connection
// string, TLS, the CA's fingerprint and download, the warning of 0.0.0.0/0), in both themes at
// 1280 and 390 px, with the page checks every browser test runs. Simulation runtime: the real
// endpoint is e2e/database-public-podman.test.ts's.
import { databasePublicTexts as t } from '@nuage/shared/messages/database-public';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount } from './helpers/accounts';
import { apiClient, loginToken, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/db-public-endpoint';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

describe('a database’s public access card in Chromium (issue 25 item 2)', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let api: ApiCall;
  let dbId: string;
  let internalId: string;
  const contexts: BrowserContext[] = [];

  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    const card = page.getByRole('region', { name: new RegExp(t.title) });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/${name}.png` });
  }

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    server = await startServer({
      DATABASE_PUBLIC_ADDRESS: '203.0.113.10',
      DATABASE_PUBLIC_HOST: 'db.nuage.example',
    });
    token = await loginToken(server, await createAccount(server, newAccount()));
    api = apiClient(server, token);
    const projectId = (
      await api<{ id: string }>('POST', '/projects/', {
        nom: 'Boutique Dakar',
        quota_cpu: 8,
        quota_ram: 16,
        quota_stockage: 100,
      })
    ).body.id;
    const envId = (
      await api<{ id: string }>('POST', `/environments/${projectId}/environments`, {
        nom: 'Production',
        type: 'prod',
      })
    ).body.id;
    const db = await api<{ id: string }>('POST', `/environments/${envId}/databases`, {
      nom: 'clients',
      moteur: 'postgresql',
      cpu: 0.5,
      ram: 1,
      storage: 5,
    });
    expect(db.status, JSON.stringify(db.body)).toBe(201);
    dbId = db.body.id;
    const internal = await api<{ id: string }>('POST', `/environments/${envId}/databases`, {
      nom: 'cache',
      moteur: 'redis',
      cpu: 0.2,
      ram: 0.5,
      storage: 1,
    });
    expect(internal.status, JSON.stringify(internal.body)).toBe(201);
    internalId = internal.body.id;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('opens the database to the addresses typed, says what is wrong, shows where to connect', async () => {
    for (const [i, { theme, width }] of variants.entries()) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/database/${dbId}`);
      const card = page.getByRole('region', { name: new RegExp(t.title) });
      const field = card.getByLabel(t.sources);
      if (i === 0) {
        await card.getByText(t.off).waitFor();
        await field.fill('203.0.113.7\n198.51.100.9/24');
        await card.getByRole('button', { name: t.enable }).click();
        await card.getByText(t.sourceHostBits('198.51.100.9/24', '198.51.100.0/24')).waitFor();
        await shoot(page, `off-error-${theme}-${width}`);
        await field.fill('203.0.113.7\n0.0.0.0/0');
        await card.getByRole('button', { name: t.enable }).click();
      }
      await card.getByTestId('public-connection-string').waitFor();
      expect(await card.getByTestId('public-address').innerText()).toMatch(
        /^db\.nuage\.example:20000$/,
      );
      expect(await card.getByTestId('public-connection-string').innerText()).toBe(
        'postgres://app:********@db.nuage.example:20000/app?sslmode=require',
      );
      await card.getByText(t.openWorldWarning).first().waitFor();
      await card.getByRole('button', { name: t.downloadCa }).waitFor();
      await shoot(page, `on-${theme}-${width}`);
    }
  }, 240_000);

  it('a database left internal says so, with the field to open it', async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/database/${internalId}`);
      const card = page.getByRole('region', { name: new RegExp(t.title) });
      await card.getByText(t.off).waitFor();
      await card.getByRole('button', { name: t.enable }).waitFor();
      await shoot(page, `off-${theme}-${width}`);
    }
  }, 240_000);
});
