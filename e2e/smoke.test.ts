import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newContext } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

describe('the built app', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the SPA and redirects an anonymous visitor from /dashboard to /login', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    // The login screen is a lazy chunk: the URL changes before it renders (isVisible() does not wait).
    await page.getByRole('heading', { name: 'Connexion' }).waitFor({ state: 'visible' });
    await context.close();
  });

  it('sends an unknown path back to /', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/nimporte/quoi');
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});
