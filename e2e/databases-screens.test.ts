// Issue 25 in Chromium: the « Bases de données » section of an environment's page (its create
// form with a French error at its field), and a database's page (connection details with the
// password masked, revealed only after the account password, linked applications), in both
// themes at 1280 and 390 px, with the page checks every browser test runs. Simulation
// runtime: the real servers are e2e/databases-podman.test.ts's.
import { databaseTexts, databasePageTexts as t } from '@nuage/shared/messages/databases';
import { finalBackupTexts } from '@nuage/shared/messages/final-backups';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/databases';
/** The database's backups (issue 25 item 5): two variants are enough. */
const BACKUP_SHOTS = process.env.E2E_SCREENSHOTS === '0' ? null : '/work/notes/screens/db-backups';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

describe('databases in Chromium (issue 25)', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let api: ApiCall;
  let envId: string;
  let dbId: string;
  let projectId: string;
  let cacheId: string;
  const account = newAccount();
  const contexts: BrowserContext[] = [];

  async function shoot(page: Page, name: string) {
    if (!SHOTS) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    if (BACKUP_SHOTS) await mkdir(BACKUP_SHOTS, { recursive: true });
    server = await startServer();
    token = await loginToken(server, await createAccount(server, account));
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
    const app = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/image`, {
      nom: 'api-commandes',
      image: 'ghcr.io/acme/python-api:2.1',
      port: 8080,
      cpu: 0.5,
      ram: 0.5,
      replicas: 1,
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);
    const db = await api<{ id: string }>('POST', `/environments/${envId}/databases`, {
      nom: 'clients',
      moteur: 'postgresql',
      cpu: 0.5,
      ram: 1,
      storage: 5,
    });
    expect(db.status, JSON.stringify(db.body)).toBe(201);
    dbId = db.body.id;
    const cache = await api<{ id: string }>('POST', `/environments/${envId}/databases`, {
      nom: 'cache',
      moteur: 'redis',
      cpu: 0.2,
      ram: 0.5,
      storage: 1,
    });
    expect(cache.status, JSON.stringify(cache.body)).toBe(201);
    cacheId = cache.body.id;
    const linked = await api('POST', `/databases/${dbId}/links`, { application_id: app.body.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    await pollUntil(
      'the database running (simulation)',
      () => api<{ statut_deploiement: string }>('GET', `/databases/${dbId}`),
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

  it('the environment page lists its databases apart from its applications; the form says what is wrong', async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/deployments/${envId}`);
      const section = page.getByRole('region', { name: /Bases de données/ });
      await section.getByRole('article', { name: 'clients' }).waitFor();
      await section.getByRole('article', { name: 'cache' }).waitFor();
      expect(await section.innerText()).toContain('PostgreSQL 16');
      await shoot(page, `environment-${theme}-${width}`);
      await section.getByRole('button', { name: t.create }).click();
      const form = page.getByRole('form', { name: t.create });
      await form.getByLabel(t.name).fill('Clients Prod');
      await form.getByRole('button', { name: t.createSubmit }).click();
      await form.getByText(databaseTexts.nameInvalid).waitFor();
      await form.scrollIntoViewIfNeeded();
      await shoot(page, `create-form-error-${theme}-${width}`);
    }
  }, 180_000);

  it('the database page masks the password until the account password is given', async () => {
    for (const { theme, width } of variants) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/database/${dbId}`);
      await page.getByRole('heading', { level: 1, name: 'clients' }).waitFor();
      const connection = page.getByRole('region', { name: t.connection });
      await connection.getByText('postgres://app:********@clients:5432/app').waitFor();
      await page.getByRole('region', { name: t.linked }).getByText('api-commandes').waitFor();
      await shoot(page, `database-${theme}-${width}`);
      await page.getByRole('button', { name: t.resize }).click();
      await page.getByRole('form', { name: t.resize }).waitFor();
      await shoot(page, `database-resize-${theme}-${width}`);
      await page
        .getByRole('form', { name: t.resize })
        .getByRole('button', { name: t.cancel })
        .click();

      await connection.getByRole('button', { name: t.reveal }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/mot de passe/i).fill(account.password);
      await dialog.getByRole('button', { name: t.reveal }).click();
      const password = await connection.getByTestId('database-password').innerText();
      expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
      await expect
        .poll(() => connection.getByTestId('connection-string').innerText())
        .toBe(`postgres://app:${password}@clients:5432/app`);
      await shoot(page, `database-revealed-${theme}-${width}`);
    }
  }, 180_000);

  it('the database page shows its backups, restores into a new database, and offers a final backup at deletion', async () => {
    const started = await api<{ sauvegarde: { id: string } }>(
      'POST',
      `/deployments/${dbId}/backups`,
    );
    // A production database's daily schedule starts with a backup as soon as it runs: the
    // worker may have begun it already (409 « déjà en cours »), and that one serves as well.
    expect(
      started.status === 202 ||
        (started.status === 409 && JSON.stringify(started.body).includes('déjà en cours')),
      JSON.stringify(started.body),
    ).toBe(true);
    await pollUntil(
      'the backup done (simulation)',
      () => api<{ sauvegardes: { statut: string }[] }>('GET', `/deployments/${dbId}/backups`),
      (r) => r.body.sauvegardes[0]?.statut === 'success',
      { timeoutMs: 60_000 },
    );
    for (const { theme, width } of [variants[0], variants[3]]) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/database/${dbId}`);
      const card = page.getByRole('region', { name: 'Sauvegardes' });
      await card.getByText(/Dernière sauvegarde réussie/).waitFor();
      await card.scrollIntoViewIfNeeded();
      if (BACKUP_SHOTS)
        await card.screenshot({ path: `${BACKUP_SHOTS}/card-${theme}-${width}.png` });
      // The newest backup's (the schedule's first one may be listed too).
      await card.getByRole('button', { name: 'Restaurer' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Restaurer la sauvegarde' });
      await dialog
        .getByLabel('Restaurer dans')
        .selectOption({ label: 'Dans une nouvelle base de données' });
      expect(await dialog.getByLabel('Nom de la nouvelle base de données').inputValue()).toBe(
        'clients-copie',
      );
      if (BACKUP_SHOTS)
        await page.screenshot({ path: `${BACKUP_SHOTS}/restore-${theme}-${width}.png` });
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await page.getByRole('button', { name: t.delete }).first().click();
      const remove = page.getByRole('dialog');
      expect(await remove.getByLabel(t.finalBackup).isChecked()).toBe(true);
      if (BACKUP_SHOTS)
        await page.screenshot({ path: `${BACKUP_SHOTS}/delete-${theme}-${width}.png` });
      await remove.getByRole('button', { name: 'Annuler' }).click();
    }
  }, 120_000);

  it('the project page keeps a deleted database’s final backup and restores it into a new one', async () => {
    await pollUntil(
      'the cache running (simulation)',
      () => api<{ statut_deploiement: string }>('GET', `/databases/${cacheId}`),
      (r) => r.body.statut_deploiement === 'RUNNING',
      { timeoutMs: 60_000 },
    );
    const deleted = await api('DELETE', `/databases/${cacheId}?sauvegarde_finale=true`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    await pollUntil(
      'the cache gone',
      () => api('GET', `/databases/${cacheId}`),
      (r) => r.status === 404,
      { timeoutMs: 60_000 },
    );
    for (const { theme, width } of [variants[1], variants[2]]) {
      const page = await openPage(browser, server.url, contexts, { token, theme, width });
      await page.goto(`/projects/${projectId}`);
      const card = page.getByRole('region', { name: finalBackupTexts.title });
      const row = card.getByRole('listitem', { name: 'cache' });
      await row.getByText('Environnement d’origine : Production', { exact: false }).waitFor();
      await card.scrollIntoViewIfNeeded();
      if (BACKUP_SHOTS)
        await card.screenshot({ path: `${BACKUP_SHOTS}/final-${theme}-${width}.png` });
      await row.getByRole('button', { name: finalBackupTexts.restore }).click();
      const dialog = page.getByRole('dialog', { name: finalBackupTexts.restoreTitle });
      expect(await dialog.getByLabel(finalBackupTexts.name).inputValue()).toBe('cache-restauree');
      if (BACKUP_SHOTS)
        await page.screenshot({ path: `${BACKUP_SHOTS}/final-restore-${theme}-${width}.png` });
      if (width === 390) {
        await dialog.getByRole('button', { name: finalBackupTexts.restoreSubmit }).click();
        await page.waitForURL(/\/database\/[0-9a-f-]{36}$/);
        await page.getByRole('heading', { name: 'cache-restauree' }).waitFor();
      } else {
        await dialog.getByRole('button', { name: 'Annuler' }).click();
      }
    }
  }, 120_000);
});
