// Issue 30 item 2 in Chromium: the environment page's « Docker Compose » form (the pasted file,
// the exposed service offered from it, every refusal listed in French), and a Compose
// application's page with its services, in both themes at 1280 and 390 px, with the page checks
// every browser test runs. Simulation runtime: the real stack is e2e/compose-deploy.test.ts's
// (from a Git repository: e2e/compose-git.test.ts's). Here the file from Git is read for real
// from the test Git server; the simulation's builder says it builds nothing.
import { buildErrorTexts } from '@nuage/shared/messages/builds';
import { composeFormTexts, composeTexts } from '@nuage/shared/messages/compose';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { startGitServer, type GitServer } from './support/git-server/git-server';

const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/compose';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

const REFUSED = `services:
  web:
    image: nginx:1.27
    privileged: true
    ports:
      - "80:80"
    volumes:
      - /var/run/docker.sock:/var/run/docker.sock
`;
const STACK = `services:
  web:
    image: ghcr.io/acme/boutique:2.0
    environment:
      DATABASE_URL: postgres://boutique@db/boutique
    depends_on:
      db:
        condition: service_healthy
    deploy:
      resources:
        limits:
          cpus: "0.5"
          memory: 512M
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: tres-secret
    volumes:
      - donnees:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U postgres"]
volumes:
  donnees:
    x-taille: 5G
`;

describe('Docker Compose in Chromium (issue 30 item 2)', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let api: ApiCall;
  let envId: string;
  let projectId: string;
  let git: GitServer;
  const contexts: BrowserContext[] = [];

  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    git = await startGitServer();
    server = await startServer({ GIT_ALLOW_PRIVATE_HOSTS: 'true' });
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
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await git?.close();
  });

  it('lists every refusal of a pasted file, then deploys a stack and shows its services', async () => {
    let appPath = '';
    for (const [i, { theme, width }] of variants.entries()) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployments/${envId}`);
      await page.getByRole('button', { name: /Docker Compose/ }).click();
      const form = page.getByRole('form', { name: 'Déployer un fichier Docker Compose' });
      await form.getByLabel("Nom de l'application").fill('boutique');
      await form.getByLabel('Fichier docker-compose.yml').fill(REFUSED);
      await form.getByLabel('Service exposé', { exact: true }).fill('web');
      await form.getByLabel('Port du service exposé').fill('80');
      await form.getByRole('button', { name: 'Déployer' }).click();
      const alert = form.getByRole('alert').filter({ hasText: 'Le fichier est refusé' });
      await alert.getByText(composeTexts.privileged('web')).waitFor();
      await alert.getByText(composeTexts.ports('web')).waitFor();
      await alert.getByText(composeTexts.hostPath('web', '/var/run/docker.sock')).waitFor();
      await shoot(page, `compose-refused-${theme}-${width}`);

      // One stack per environment may name its services web and db: deployed once.
      if (i === 0) {
        await form.getByLabel('Fichier docker-compose.yml').fill(STACK);
        await form.getByLabel('Port du service exposé').fill('8080');
        await form.getByText('Services du fichier : web, db').waitFor();
        await form.getByRole('button', { name: 'Déployer' }).click();
        await page.waitForURL(/\/deployment\//);
        appPath = new URL(page.url()).pathname;
      }
      await page.goto(appPath);
      const services = page.getByRole('region', { name: 'Services' });
      await services.getByRole('listitem', { name: 'web' }).getByText('exposé · 8080').waitFor();
      await services.getByRole('listitem', { name: 'db' }).getByText('postgres:16').waitFor();
      await services.getByText('donnees (5,369 Go)').waitFor();
      expect(await page.locator('main').innerText()).not.toContain('tres-secret');
      await page.waitForTimeout(2500);
      await shoot(page, `compose-app-${theme}-${width}`);
      if (SHOTS)
        await services.screenshot({ path: `${SHOTS}/compose-services-${theme}-${width}.png` });
    }
  }, 240_000);

  it('deploys a file from a Git repository: its page shows the build, the release and the service built from the repository', async () => {
    git.createRepository('boutique', {
      'deploy/compose.yaml': STACK.replace('image: ghcr.io/acme/boutique:2.0', 'build: ../web'),
      'web/Dockerfile': 'FROM scratch\nEXPOSE 8080\n',
    });
    // Its services are named web and db as the pasted stack's: another environment.
    const otherEnv = (
      await api<{ id: string }>('POST', `/environments/${projectId}/environments`, {
        nom: 'Recette',
        type: 'staging',
      })
    ).body.id;
    const page = await openPage(browser, server.url, contexts, {
      token,
      theme: 'light',
      width: 1280,
    });
    await page.goto(`/deployments/${otherEnv}`);
    await page.getByRole('button', { name: /Docker Compose/ }).click();
    const form = page.getByRole('form', { name: 'Déployer un fichier Docker Compose' });
    await form.getByLabel("Nom de l'application").fill('boutique-git');
    await form.getByLabel(composeFormTexts.sourceGit).check();
    await form.getByLabel('URL du dépôt').fill(git.url('boutique'));
    await form.getByLabel(composeFormTexts.pathLabel).fill('deploy/compose.yaml');
    await form.getByLabel('Service exposé', { exact: true }).fill('web');
    await form.getByLabel('Port du service exposé').fill('8080');
    await shoot(page, 'compose-git-form-light-1280');
    await form.getByRole('button', { name: 'Déployer' }).click();
    await page.waitForURL(/\/deployment\//);
    const services = page.getByRole('region', { name: 'Services' });
    await services
      .getByRole('listitem', { name: 'web' })
      .getByText(composeFormTexts.builtBadge)
      .waitFor({ timeout: 60_000 });
    await services.getByText(composeFormTexts.fromRepositoryPath('deploy/compose.yaml')).waitFor();
    await page.getByRole('region', { name: 'Versions' }).getByText('Version 1').first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain('tres-secret');
    await page.waitForTimeout(1500);
    // Every card's request answered: no error told (a code-only route would say so).
    expect(await page.locator('body').innerText()).not.toContain(
      buildErrorTexts.notCodeApplication,
    );
    await shoot(page, 'compose-git-app-light-1280');
  }, 180_000);

  it('the deploy wizard leads to the environment’s Compose form', async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deploy?environmentId=${envId}`);
      const option = page.getByRole('link', { name: /Docker Compose/ });
      await option.waitFor();
      await shoot(page, `wizard-compose-${theme}-${width}`);
      await option.click();
      await page
        .getByRole('form', { name: 'Déployer un fichier Docker Compose' })
        .getByLabel('Fichier docker-compose.yml')
        .waitFor();
    }
  }, 120_000);
});
