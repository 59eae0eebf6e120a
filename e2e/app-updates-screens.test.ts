// « Mise à jour disponible » in Chromium (issue 30 item 4): a WordPress deployed at 6.3-apache
// (its application file announces 6.3 → 6.4) shows the offer and its notes; « Mettre à jour »
// asks first, saying a backup is taken; the page follows the backup and the rollout, then says
// the new version is live and the backup is in the application's backups. Both themes, 1280
// and 390 px. Simulation runtime: the rollback of an unhealthy version is
// apps/api/src/modules/app-updates/*.test.ts's (fake runtime, strict fake Kubernetes API).
import { appUpdateTexts } from '@nuage/shared/messages/app-updates';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/app-updates';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

interface Detail {
  statut_deploiement: string;
  image_tag: string;
  mise_a_jour: { disponible: unknown; derniere: { statut: string } | null };
}

describe('« Mettre à jour » in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let api: ApiCall;
  let envId: string;
  const contexts: BrowserContext[] = [];

  /** What the user sees at the top of the page (the banner and the dialog live there). */
  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }

  async function oldWordPress(nom: string) {
    const app = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/erp`, {
      nom,
      cpu: 0.5,
      ram: 1,
      storage: 2,
      replicas: 1,
      type_application: 'wordpress',
      image_registry_url: 'docker.io/library/wordpress',
      image_tag: '6.3-apache',
      helm_values: { service: { type: 'ClusterIP', port: 80 } },
      database_config: { engine: 'mariadb', database: 'wordpress', user: 'wordpress' },
      wordpress_email: 'admin@exemple.sn',
      wordpress_password: '',
      mariadb_root_password: '',
      mariadb_user_password: '',
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    await pollUntil(
      'the application running (simulation)',
      async () => (await api<Detail>('GET', `/deployments/deployment/${app.body.id}`)).body,
      (d) => d.statut_deploiement === 'RUNNING',
      { timeoutMs: 60_000 },
    );
    return app.body.id;
  }

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    server = await startServer();
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
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('offers the update with its notes, asks first, follows it and says it is done', async () => {
    for (const { theme, width } of variants) {
      const appId = await oldWordPress(`Blog ${theme} ${width}`);
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployment/${appId}`);
      const offer = page.getByRole('region', { name: appUpdateTexts.available('6.3', '6.4') });
      await offer.getByText(/WordPress 6\.4 : thème Twenty Twenty-Four/).waitFor();
      const button = offer.getByRole('button', { name: appUpdateTexts.button });
      // The project's role read: the owner may update.
      await button.waitFor();
      await shoot(page, `offer-${theme}-${width}`);

      await button.click();
      const dialog = page.getByRole('dialog', {
        name: appUpdateTexts.dialogTitle(`Blog ${theme} ${width}`),
      });
      await dialog.getByText(appUpdateTexts.dialogBackup).waitFor();
      await dialog.getByText(appUpdateTexts.dialogRollback('6.3-apache')).waitFor();
      await shoot(page, `confirm-${theme}-${width}`);
      await dialog.getByRole('button', { name: appUpdateTexts.confirm }).click();
      await page.getByText(appUpdateTexts.started).first().waitFor();

      // The page reads the application again until the update ends (backup, then rollout).
      await page
        .getByText(appUpdateTexts.status.succeeded('6.4-apache'))
        .waitFor({ timeout: 60_000 });
      expect(await page.getByRole('button', { name: appUpdateTexts.button }).count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `done-${theme}-${width}`);

      const d = (await api<Detail>('GET', `/deployments/deployment/${appId}`)).body;
      expect(d.image_tag).toBe('6.4-apache');
      expect(d.mise_a_jour.derniere?.statut).toBe('succeeded');
      const list = (
        await api<{ sauvegardes: { statut: string }[] }>('GET', `/deployments/${appId}/backups`)
      ).body;
      expect(list.sauvegardes.map((b) => b.statut)).toEqual(['success']);
    }
  }, 300_000);
});
