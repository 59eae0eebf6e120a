// Issue 26 in Chromium: the application page's « Aperçus des pull requests » card against the
// real server (simulation runtime, the test Git server): the settings saved through the form,
// a pull request's preview listed with its state, address and cost once the signed webhook
// arrived, and the environments list marking the preview, in both themes at 1280 and 390 px.
// The real build and serving are e2e/previews-podman.test.ts's.
import { previewStateLabels, previewWebTexts as t } from '@nuage/shared/messages/previews';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { nodeServer, pullRequestWebhook } from './helpers/code-apps';
import { startServer, type RunningServer } from './helpers/server';
import { startGitServer, type GitServer } from './support/git-server/git-server';

const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/previews';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

describe('previews of pull requests in Chromium (issue 26)', () => {
  let server: RunningServer;
  let browser: Browser;
  let git: GitServer;
  let token: string;
  let api: ApiCall;
  let projectId: string;
  let appId: string;
  const contexts: BrowserContext[] = [];

  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    git = await startGitServer();
    git.createRepository('vitrine', {
      'package.json': JSON.stringify({ name: 'vitrine', scripts: { start: 'node server.js' } }),
      'server.js': nodeServer('main'),
    });
    server = await startServer({ GIT_ALLOW_PRIVATE_HOSTS: 'true' });
    token = await loginToken(server, await createAccount(server));
    api = apiClient(server, token);
    projectId = (
      await api<{ id: string }>('POST', '/projects/', {
        nom: 'Vitrine Abidjan',
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
    const app = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/code`, {
      nom: 'vitrine',
      cpu: 0.5,
      ram: 0.5,
      replicas: 1,
      type_application: 'nodejs',
      git_branch: 'main',
      repo_url: git.url('vitrine'),
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    appId = app.body.id;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await git?.close();
  });

  it('saves the settings through the form, then lists a pull request’s preview with its state', async () => {
    const page = await openPage(browser, server.url, contexts, {
      token,
      theme: 'light',
      width: 1280,
    });
    await page.goto(`/deployment/${appId}`);
    const card = page.getByRole('region', { name: t.cardTitle });
    await card.getByText(t.off).waitFor();
    await card.getByText(t.empty).waitFor();
    await card
      .getByRole('list', { name: t.trackedTitle })
      .getByText(t.trackedHere('Production'))
      .waitFor();
    await card.getByRole('button', { name: t.configure }).click();
    const dialog = page.getByRole('dialog', { name: t.formTitle });
    // As a user does: on the switch's label (the box itself is drawn beside it).
    await dialog.getByText(t.enable).click();
    expect(await dialog.getByRole('switch', { name: t.enable }).isChecked()).toBe(true);
    await dialog.getByLabel(t.cpuLabel).fill('0.25');
    await dialog.getByLabel(t.deletionDelayLabel).fill('-5');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Le délai de suppression doit être').waitFor();
    await dialog.getByLabel(t.deletionDelayLabel).fill('30');
    await dialog.getByLabel(t.databasesLabel).selectOption({ label: t.databaseModes.aucune });
    await shoot(page, 'settings-light-1280');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(t.on).waitFor();
    await card.getByText(t.deletionAfter(30)).waitFor();

    // A pull request opened on the Git host: its webhook delivery, signed.
    const secret = (await api<{ secret: string }>('POST', `/deployments/${appId}/webhook/secret`))
      .body.secret;
    const sha = git.commit('vitrine', { 'server.js': nodeServer('aperçu') }, 'Accueil', 'accueil');
    const res = await pullRequestWebhook(
      server,
      appId,
      secret,
      { action: 'opened', number: 12, title: 'Nouvelle page d’accueil', head: 'accueil', sha },
      { name: 'equipe/vitrine', url: git.url('vitrine') },
    );
    expect(res.status).toBe(202);
    await pollUntil(
      'the preview ready',
      async () =>
        (await api<{ apercus: { etat: string }[] }>('GET', `/deployments/${appId}/previews`)).body
          .apercus[0]?.etat,
      (state) => state === 'ready',
      { timeoutMs: 60_000 },
    );
    for (const { theme, width } of variants) {
      const view = await openPage(browser, server.url, contexts, { token, theme, width });
      await view.goto(`/deployment/${appId}`);
      const list = view.getByRole('region', { name: t.cardTitle });
      await list.getByRole('link', { name: /Nouvelle page d’accueil/ }).waitFor();
      await list.getByText(previewStateLabels.ready, { exact: true }).waitFor();
      await list.getByText(t.openCount(1, 3)).waitFor();
      await list.getByText(/XOF/).first().waitFor();
      await view.waitForTimeout(500);
      await shoot(view, `card-${theme}-${width}`);
      if (SHOTS) await list.screenshot({ path: `${SHOTS}/card-only-${theme}-${width}.png` });

      await view.goto(`/environments/${projectId}`);
      await view.getByText('Aperçu PR n° 12').first().waitFor();
      await shoot(view, `environments-${theme}-${width}`);
    }
  }, 240_000);
});
