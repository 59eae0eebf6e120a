import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount, signInPage } from './helpers/accounts';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

/** What the phone's authenticator shows, `steps` periods from now. */
const totp = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

describe('account security in Chromium: 2FA, sessions, API tokens', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openPage(opts: Parameters<typeof newContext>[2] = {}): Promise<Page> {
    const context = await newContext(browser, server.url, opts);
    contexts.push(context);
    return context.newPage();
  }

  async function login(page: Page, email: string, password: string) {
    await page.goto('/login');
    await page.getByLabel('Adresse email').fill(email);
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  }

  it('enrols two-factor with the QR code, then a login needs the code from the app', async () => {
    const account = await createAccount(server, newAccount({ prenom: 'Binta' }));
    const page = await openPage();
    await signInPage(page, server, account);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Activer la 2FA' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByAltText(/QR code/).waitFor();
    const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
    await screenshot(page, 'profile-2fa-enrol');
    await dialog.getByLabel('Code de l’application').fill(totp(secret));
    await dialog.getByRole('button', { name: 'Activer' }).click();
    const codes = dialog.getByRole('list', { name: 'Codes de secours' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await dialog.getByRole('button', { name: 'J’ai noté mes codes' }).click();
    await page.getByText('Activée', { exact: true }).waitFor();

    // Sign out through the menu, then in again: the password is not enough.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL('**/login');
    await login(page, account.email, account.password);
    const code = page.getByLabel('Code de vérification');
    await code.waitFor();
    expect(page.url()).toContain('/login');
    await screenshot(page, 'login-2fa-step');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Vérifier et se connecter' }).click();
    await page.getByText('Code invalide').first().waitFor();
    await code.fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Vérifier et se connecter' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('lists the sessions; ending one logs that browser out', async () => {
    const account = await createAccount(server, newAccount({ prenom: 'Mame' }));
    const laptop = await openPage();
    const phone = await openPage({ width: 390, height: 844 });
    await login(phone, account.email, account.password);
    await phone.waitForURL('**/dashboard');
    await signInPage(laptop, server, account);
    await laptop.goto('/profile');
    const rows = laptop.getByTestId('session-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await laptop.getByText('Cette session').waitFor();
    await screenshot(laptop, 'profile-sessions');
    const other = rows.filter({ hasNotText: 'Cette session' });
    await other.getByRole('button', { name: /^Déconnecter la session/ }).click();
    await laptop.getByText('Session terminée.').first().waitFor();
    await rows.nth(1).waitFor({ state: 'detached' });

    // The phone's next request is refused: it is back on the login page.
    await phone.goto('/projects');
    await phone.waitForURL('**/login');
    // The laptop is still signed in.
    await laptop.goto('/dashboard');
    await laptop
      .getByText(/Bonjour|Bienvenue/)
      .first()
      .waitFor();
  });

  it('creates an API token shown once, which works until revoked', async () => {
    const account = await createAccount(server, newAccount({ prenom: 'Ousmane' }));
    const page = await openPage({ colorScheme: 'dark' });
    await signInPage(page, server, account);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Nouveau jeton' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom').fill('Déploiement CI');
    await dialog.getByLabel('Portée').selectOption('lecture');
    await dialog.getByRole('button', { name: 'Créer le jeton' }).click();
    const secret = (await dialog.getByTestId('api-token-secret').innerText()).trim();
    expect(secret).toMatch(/^ndp_/);
    await screenshot(page, 'profile-token-created-dark');
    await dialog.getByRole('button', { name: 'J’ai copié le jeton' }).click();
    const row = page.getByTestId('api-token-row').filter({ hasText: 'Déploiement CI' });
    await row.waitFor();
    expect(await row.innerText()).not.toContain(secret);

    const projects = () =>
      fetch(`${server.url}/api/v1/projects`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await projects()).status).toBe(200);
    await row.getByRole('button', { name: 'Révoquer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Révoquer' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await projects()).status).toBe(401);
  });

  it('shows a project admin the audit log of their project', async () => {
    const account = await createAccount(server, newAccount({ prenom: 'Aïssatou' }));
    const page = await openPage({ width: 390, height: 844 });
    await signInPage(page, server, account);
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/v1/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nuage-client': 'web' },
        body: JSON.stringify({ nom: 'Boutique', quota_cpu: 2, quota_ram: 4, quota_stockage: 20 }),
      });
      return (await res.json()) as { id: string };
    });
    await page.goto(`/projects/${created.id}`);
    await page.getByRole('link', { name: 'Journal d’audit' }).click();
    await page.waitForURL(`**/projects/${created.id}/audit`);
    await page.getByRole('heading', { name: 'Journal d’audit' }).waitFor();
    await page.getByText('Aucune action enregistrée').waitFor();
    await page.evaluate(async (id) => {
      await fetch(`/api/v1/projects/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-nuage-client': 'web' },
        body: JSON.stringify({ nom: 'Boutique', quota_cpu: 3, quota_ram: 4, quota_stockage: 20 }),
      });
    }, created.id);
    await page.reload();
    await page.getByTestId('audit-event').filter({ hasText: 'Quotas modifiés' }).waitFor();
    await screenshot(page, 'project-audit-light-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByTestId('audit-event').first().waitFor();
    await screenshot(page, 'project-audit-dark-1280');
  });

  it('documents personal API tokens on the OpenAPI page, which keeps to its own CSP', async () => {
    const page = await openPage();
    await page.goto('/api/v1/docs');
    await page.getByText('Jeton personnel', { exact: false }).first().waitFor();
    expect(await page.getByText('Authorization: Bearer ndp_…').count()).toBeGreaterThan(0);
  });
});
