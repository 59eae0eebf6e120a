// Issue 30 in Chromium: the inline form's IMAGE type (its fields, its French errors at the
// fields), an image application's page, and the project's « Registres d'images privés » card,
// in both themes at 1280 and 390 px, with the page checks (no jargon, contrast) every browser
// test runs. Simulation runtime: the real pulls are e2e/image-deploy.test.ts's.
import { imageDeployTexts } from '@nuage/shared/messages/images';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/any-image';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

describe('any image in Chromium (issue 30)', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let api: ApiCall;
  let projectId: string;
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
    server = await startServer();
    token = await loginToken(server, await createAccount(server));
    api = apiClient(server, token);
    projectId = (
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
    const credential = await api<{ id: string }>(
      'POST',
      `/projects/${projectId}/registry-credentials`,
      { registre: 'ghcr.io', utilisateur: 'acme-bot', mot_de_passe: 'ghp_secret' },
    );
    expect(credential.status).toBe(201);
    const app = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/image`, {
      nom: 'api-commandes',
      image: 'ghcr.io/acme/python-api:2.1',
      port: 8080,
      chemin_sante: '/healthz',
      env_vars: [{ name: 'API_KEY', value: 'secret-value', secret: true }],
      cpu: 0.5,
      ram: 0.5,
      replicas: 1,
      registry_credential_id: credential.body.id,
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    appId = app.body.id;
    await pollUntil(
      'the image application running (simulation)',
      () => api<{ statut_deploiement: string }>('GET', `/deployments/deployment/${appId}`),
      (r) => r.body.statut_deploiement === 'RUNNING',
      { timeoutMs: 60_000 },
    );
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('the inline form asks for an image, its port and command, each error at its field', async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployments/${envId}`);
      await page.getByRole('button', { name: /Déploiement rapide/ }).click();
      const form = page.getByRole('form', { name: 'Déploiement rapide' });
      await form.getByLabel('Type').selectOption('IMAGE');
      await form.getByLabel("Nom de l'application").fill('site-vitrine');
      await form.getByLabel('Image', { exact: true }).fill('https://ghcr.io/acme/site');
      await form.getByLabel('Commande (optionnelle)').fill('node "server.js');
      await form.getByRole('button', { name: 'Ajouter une variable' }).click();
      await form.getByRole('button', { name: 'Déployer' }).click();
      await form.getByText(imageDeployTexts.imageInvalid).waitFor();
      await form.getByText(imageDeployTexts.commandQuote).waitFor();
      await shoot(page, `inline-image-errors-${theme}-${width}`);
    }
  }, 120_000);

  it("an image application's page and the project's registries card", async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployment/${appId}`);
      await page.getByRole('heading', { level: 1, name: 'api-commandes' }).waitFor();
      await page.getByText('ghcr.io/acme/python-api:2.1').first().waitFor();
      // Its variables, the secret one by name only.
      const variables = page.getByRole('region', { name: "Variables d'environnement" });
      await expect
        .poll(() => variables.getByRole('textbox').first().inputValue(), { timeout: 15_000 })
        .toBe('API_KEY');
      expect(await page.locator('main').innerText()).not.toContain('secret-value');
      await shoot(page, `image-app-${theme}-${width}`);
      await page.goto(`/projects/${projectId}`);
      const card = page.getByRole('region', { name: "Registres d'images privés" });
      await card.getByRole('listitem', { name: 'acme-bot @ ghcr.io' }).waitFor();
      expect(await card.innerText()).not.toContain('ghp_secret');
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `project-registries-${theme}-${width}`);
    }
  }, 120_000);
});
