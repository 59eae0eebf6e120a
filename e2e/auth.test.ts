import { auth } from '@nuage/shared/limits';
import { errors, serverDetails, success, validation } from '@nuage/shared/messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount, signInPage, type Account } from './helpers/accounts';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { codeIn, linkIn, waitForMail } from './helpers/outbox';
import { startServer, type RunningServer } from './helpers/server';

/** A toast (react-hot-toast renders each as a polite status) reading `text`. */
const toast = (page: Page, text: string) =>
  page.locator('[role="status"][aria-live="polite"]', { hasText: text });

/** Waits for a field's error message (role=alert) to read `text`. */
const fieldError = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();

async function expectErrors(page: Page, texts: string[]) {
  for (const text of texts) await fieldError(page, text);
  expect(await page.getByRole('alert').allInnerTexts()).toEqual(texts);
}

describe('authentication screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openPage(opts: Parameters<typeof newContext>[2] = {}) {
    context = await newContext(browser, server.url, opts);
    return context.newPage();
  }

  it('registers, verifies with the mailed code, signs in, greets the user and signs out', async () => {
    const account = newAccount({ prenom: 'Fatou', nom: 'Sall' });
    const page = await openPage();
    await page.goto('/');
    await page.goto('/register');
    await page.getByLabel('Nom', { exact: true }).fill(account.nom);
    await page.getByLabel('Prénom', { exact: true }).fill(account.prenom);
    await page.getByLabel('Adresse email').fill(account.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByLabel('Confirmer le mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await page.waitForURL('**/verify-account');
    await toast(page, success.register).waitFor();
    await page.getByText(account.email).waitFor();

    // A wrong code is refused with the server's words, and the screen stays.
    await page.getByLabel('Code de vérification').fill('000000');
    await page.getByRole('button', { name: 'Vérifier mon compte' }).click();
    await toast(page, serverDetails.verifyInvalid).waitFor();

    const mail = await waitForMail(server.outboxDir, account.email, /code de vérification/i);
    await page.getByLabel('Code de vérification').fill(codeIn(mail));
    await page.getByRole('button', { name: 'Vérifier mon compte' }).click();

    await page.waitForURL('**/login');
    const verified = serverDetails.verified + success.clientFolderSuffix;
    await toast(page, verified).waitFor();
    await page.getByRole('main').getByText(verified).waitFor();
    expect(await page.getByLabel('Adresse email').inputValue()).toBe(account.email);

    await page.getByLabel('Mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Bienvenue, ${account.prenom} !` }).waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  it('resets a forgotten password from the mailed link; the link then no longer works', async () => {
    const account = await createAccount(server);
    const newPassword = 'Nouveau2025';
    const page = await openPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Adresse email').fill(account.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByRole('heading', { name: 'Vérifiez votre boîte de réception' }).waitFor();
    await page.getByText(`valable ${auth.resetLinkTtlMinutes} minutes`).waitFor();

    const link = linkIn(await waitForMail(server.outboxDir, account.email, /Réinitialisation/));
    expect(link.pathname).toBe('/reset-password');
    const resetPath = link.pathname + link.search;
    await page.goto(resetPath);
    await page.getByLabel('Nouveau mot de passe').fill(newPassword);
    await page.getByLabel('Confirmer le mot de passe').fill(newPassword);
    expect(await page.locator('li[data-met="true"]').count()).toBe(4);
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();

    await page.waitForURL('**/login');
    await toast(page, success.passwordReset).first().waitFor();
    expect(await page.getByLabel('Adresse email').inputValue()).toBe(account.email);

    // Single use: the same link is refused with one toast, then /forgot-password after 3 s.
    await page.goto(resetPath);
    await page.getByLabel('Nouveau mot de passe').fill('Encore2026x');
    await page.getByLabel('Confirmer le mot de passe').fill('Encore2026x');
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await toast(page, errors.resetInvalidToken).waitFor();
    expect(await toast(page, errors.resetInvalidToken).count()).toBe(1);
    const refusedAt = Date.now();
    await page.waitForURL('**/forgot-password');
    expect(Date.now() - refusedAt).toBeGreaterThan(2500);

    // The old password no longer opens the account; the new one does.
    await page.goto('/login');
    await page.getByLabel('Adresse email').fill(account.email);
    await page.getByLabel('Mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await toast(page, serverDetails.invalidCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Bienvenue, ${account.prenom} !` }).waitFor();
  });

  it('sends a reset link without token or email back to /forgot-password', async () => {
    const page = await openPage();
    await page.goto('/reset-password?email=awa%40exemple.sn');
    await page.waitForURL('**/forgot-password');
    await toast(page, errors.resetInvalidLink).waitFor();
  });

  it('shows the login and registration messages of SPEC §5', async () => {
    const page = await openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectErrors(page, [validation.emailRequired, validation.passwordRequired]);
    await page.getByLabel('Adresse email').fill('awa@exemple');
    await page.getByLabel('Mot de passe').fill('12345');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectErrors(page, [validation.emailInvalid, validation.passwordMin6]);

    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expectErrors(page, [
      validation.nomRequired,
      validation.prenomRequired,
      validation.emailRequired,
      validation.passwordRequired,
      validation.confirmRequired,
    ]);
    await page.getByLabel('Nom', { exact: true }).fill('Diop');
    await page.getByLabel('Prénom', { exact: true }).fill('Awa');
    await page.getByLabel('Adresse email').fill('awa.exemple.sn');
    await page.getByLabel('Mot de passe', { exact: true }).fill('123');
    await page.getByLabel('Confirmer le mot de passe').fill('123');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expectErrors(page, [validation.emailInvalid, validation.passwordMin6]);
    await page.getByLabel('Adresse email').fill('awa@exemple.sn');
    await page.getByLabel('Mot de passe', { exact: true }).fill('secret1');
    await page.getByLabel('Confirmer le mot de passe').fill('secret2');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expectErrors(page, [validation.passwordMismatch]);
  });

  it('shows the verification, forgot and reset messages of SPEC §5', async () => {
    // An unverified account signing in is sent to enter its code.
    const account = await createAccount(server, newAccount(), { verify: false });
    const page = await openPage();
    await page.goto('/login');
    await page.getByLabel('Adresse email').fill(account.email);
    await page.getByLabel('Mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/verify-account');
    await page.getByText(account.email).waitFor();
    await page.getByRole('button', { name: 'Vérifier mon compte' }).click();
    await expectErrors(page, [validation.codeRequired]);
    const code = page.getByLabel('Code de vérification');
    await code.pressSequentially('12a4567');
    expect(await code.inputValue()).toBe('12a456');
    await page.getByRole('button', { name: 'Vérifier mon compte' }).click();
    await expectErrors(page, [validation.codeSixDigits]);
    // The first code went out a moment ago: the server asks to wait, the toast says so.
    await page.getByRole('button', { name: 'Renvoyer le code' }).click();
    await toast(page, serverDetails.resendTooSoon).waitFor();

    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expectErrors(page, [validation.emailRequired]);
    await page.getByLabel('Adresse email').fill('awa@');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expectErrors(page, [validation.emailInvalid]);

    await page.goto('/reset-password?token=abc&email=awa%40exemple.sn');
    const submit = page.getByRole('button', { name: 'Réinitialiser le mot de passe' });
    await submit.click();
    await expectErrors(page, [validation.passwordRequired, validation.confirmRequired]);
    await page.getByLabel('Nouveau mot de passe').fill('Court1');
    await page.getByLabel('Confirmer le mot de passe').fill('Court1');
    await submit.click();
    await expectErrors(page, [validation.passwordMin8]);
    await page.getByLabel('Nouveau mot de passe').fill('toutminuscule');
    await page.getByLabel('Confirmer le mot de passe').fill('toutminuscule');
    await submit.click();
    await expectErrors(page, [validation.passwordComplexity]);
    await page.getByLabel('Nouveau mot de passe').fill('Valable2025');
    await page.getByLabel('Confirmer le mot de passe').fill('Valable2026');
    await submit.click();
    await expectErrors(page, [validation.passwordMismatch]);
  });

  it('edits the profile with SPEC §5 checks, then deletes the account with SUPPRIMER', async () => {
    const account = await createAccount(server);
    const page = await openPage();
    await signInPage(page, server, account);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
    await page.getByText('Actif', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByLabel('Prénom').fill('');
    await page.getByLabel('Nom', { exact: true }).fill('');
    await page.getByLabel('Adresse email').fill('');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expectErrors(page, [
      validation.prenomRequired,
      validation.nomRequired,
      validation.emailRequired,
    ]);
    await page.getByLabel('Prénom').fill('A');
    await page.getByLabel('Nom', { exact: true }).fill('D');
    await page.getByLabel('Adresse email').fill('awa@exemple');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expectErrors(page, [validation.prenomMin2, validation.nomMin2, validation.emailInvalid]);

    await page.getByLabel('Prénom').fill('Aïssatou');
    await page.getByLabel('Nom', { exact: true }).fill('Ndiaye');
    await page.getByLabel('Adresse email').fill(account.email);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast(page, success.profileUpdated).waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menu').getByText('Aïssatou Ndiaye').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await toast(page, success.passwordLinkSent).waitFor();
    await waitForMail(server.outboxDir, account.email, /Réinitialisation/);

    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Pour confirmer/).fill('supprimer');
    await dialog.getByRole('alert').filter({ hasText: validation.deleteConfirm }).waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Pour confirmer/).fill(auth.deleteConfirmWord);
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL('**/login');
    await toast(page, success.accountDeleted).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    // The account is gone: its password opens nothing.
    await page.getByLabel('Adresse email').fill(account.email);
    await page.getByLabel('Mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await toast(page, serverDetails.invalidCredentials).waitFor();
  });

  it('screenshots every auth screen and the profile, light and dark, desktop and 360 px', async () => {
    const unverified = await createAccount(server, newAccount(), { verify: false });
    const member: Account = await createAccount(server, newAccount({ prenom: 'Mariama' }));
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 360]) {
        const page = await openPage({ colorScheme, width, height: width > 400 ? 800 : 740 });
        const shot = (name: string) => screenshot(page, `${name}-${colorScheme}-${width}`);
        const settle = () => page.waitForTimeout(250);

        await page.goto('/login');
        await page.getByRole('heading', { name: 'Connexion' }).waitFor();
        await shot('login');

        await page.goto('/register');
        await page.getByRole('button', { name: 'Créer mon compte' }).click();
        await fieldError(page, validation.nomRequired);
        await shot('register-errors');

        await page.goto('/login');
        await page.getByLabel('Adresse email').fill(unverified.email);
        await page.getByLabel('Mot de passe').fill(unverified.password);
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await page.waitForURL('**/verify-account');
        await settle();
        await shot('verify-account');

        await page.goto('/forgot-password');
        await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
        await shot('forgot-password');
        // Limits count per address: each pass asks for a fresh one.
        await page.getByLabel('Adresse email').fill(newAccount().email);
        await page.getByRole('button', { name: 'Envoyer le lien' }).click();
        await page.getByRole('heading', { name: 'Vérifiez votre boîte de réception' }).waitFor();
        await shot('forgot-password-sent');

        await page.goto('/reset-password?token=exemple&email=awa%40exemple.sn');
        await page.getByLabel('Nouveau mot de passe').fill('Abcdef');
        await shot('reset-password');

        await signInPage(page, server, member);
        await page.goto('/profile');
        await page.getByRole('heading', { name: 'Mon profil' }).waitFor();
        await shot('profile');
        await page.getByRole('button', { name: 'Modifier' }).click();
        await page.getByLabel('Prénom').fill('M');
        await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
        await fieldError(page, validation.prenomMin2);
        await shot('profile-edit');
        await page.getByRole('button', { name: 'Annuler' }).click();
        await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
        await page
          .getByRole('dialog')
          .getByLabel(/Pour confirmer/)
          .fill('SUPP');
        await settle();
        await shot('profile-delete');
        await context?.close();
        context = undefined;
      }
    }
  });
});
