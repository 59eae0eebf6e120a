import { accountTexts } from '@nuage/shared/security-messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { signInContext } from './helpers/accounts';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { codeIn, linkIn, waitForMail } from './helpers/outbox';
import { startServer, type RunningServer } from './helpers/server';

const admin = {
  prenom: 'Awa',
  nom: 'Diop',
  email: 'awa.diop@example.sn',
  password: 'secret-awa-1',
};
const invitee = { prenom: 'Fatou', nom: 'Ndiaye', email: 'fatou.ndiaye@example.sn' };

/** A verified, signed-in account made through the API (the auth screens have their own tests). */
async function signedUpToken(baseUrl: string, outboxDir: string): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const { prenom, nom, email, password } = admin;
  await post('/auth/register', { prenom, nom, email, mot_de_passe: password });
  const mail = await waitForMail(outboxDir, email, /code de vérification/);
  await post('/auth/verify-account', { email, token: codeIn(mail) });
  const { access_token } = await post('/auth/login', { email, mot_de_passe: password });
  return String(access_token);
}

/**
 * Opens `path` and waits for `ready`. Chromium in a container sometimes aborts loads with
 * net::ERR_NETWORK_CHANGED (a lazy chunk then fails to load): such a load is retried, twice.
 */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(path);
    try {
      await ready(page);
      return;
    } catch (err) {
      if (attempt === 3) {
        console.log(`${path} not ready:`, await page.locator('body').innerText());
        throw err;
      }
    }
  }
}

const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
] as const;

describe('projects, members, invitations and environments in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  async function open(opts: { signedIn: boolean; theme?: 'light' | 'dark'; width?: number }) {
    const context = await newContext(browser, server.url, {
      colorScheme: opts.theme ?? 'light',
      width: opts.width ?? 1280,
      height: opts.width === 360 ? 740 : 800,
    });
    contexts.push(context);
    if (opts.signedIn) {
      await signInContext(context, server.url, token);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** The page at `path` in both themes at 1280 and 360 px, once `ready` is on screen. */
  async function shootAll(
    name: string,
    path: string,
    ready: (page: Page) => Promise<unknown>,
    signedIn = true,
  ) {
    for (const { theme, width } of variants) {
      const page = await variantPage(signedIn, theme, width);
      await visit(page, path, ready);
      // Nothing may stick out sideways, even on a 360 px phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await screenshot(page, `projects-${name}-${theme}-${width}`);
      // Nothing left running (polling) in the background until the next shot reloads it.
      await page.goto('about:blank');
    }
  }

  /**
   * One page per variant (signed in or not), kept from shot to shot: each shot loads the screen
   * anew, without a new context's cold cache and sign-in (24 contexts, most of an 88 s test).
   */
  const variantPages = new Map<string, Page>();
  async function variantPage(signedIn: boolean, theme: 'light' | 'dark', width: number) {
    const key = `${signedIn}-${theme}-${width}`;
    let page = variantPages.get(key);
    if (!page) {
      page = await open({ signedIn, theme, width });
      variantPages.set(key, page);
    }
    return page;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await signedUpToken(server.url, server.outboxDir);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('create project → invite → accept in a second context → role change → removal; environment CRUD', async () => {
    const page = await open({ signedIn: true });
    const browsers: Record<string, Page> = { admin: page };
    // What each browser showed when the scenario broke.
    onTestFailed(async () => {
      for (const [who, shown] of Object.entries(browsers))
        await screenshot(shown, `projects-failure-${who}`).catch(() => {});
    });

    // An empty list, then the inline 'Nouveau projet' form.
    const emptyList = (p: Page) => p.getByRole('heading', { name: 'Aucun projet' }).waitFor();
    await visit(page, '/projects', emptyList);
    await shootAll('list-empty', '/projects', emptyList);
    await page.getByRole('button', { name: 'Nouveau projet' }).click();
    const form = page.getByRole('form', { name: 'Nouveau projet' });
    await form.getByLabel('Nom du projet').fill('Boutique Dakar');
    await form.getByLabel('Description (optionnelle)').fill('La boutique en ligne de Dakar');
    await form.getByLabel('Quota CPU (cores)').fill('2.5');
    await form.getByLabel('Quota RAM (GB)').fill('4');
    await form.getByLabel('Quota stockage (GB)').fill('50');
    await screenshot(page, 'projects-new-form-light-1280');
    await form.getByRole('button', { name: 'Créer le projet' }).click();
    await page.getByText('Projet créé avec succès !').waitFor();
    const card = page.getByRole('article', { name: 'Boutique Dakar' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Administrateur');
    await shootAll('list', '/projects', (p) =>
      p.getByRole('article', { name: 'Boutique Dakar' }).waitFor(),
    );

    await card.getByRole('link', { name: 'Détails du projet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Boutique Dakar' }).waitFor();
    const projectId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.getByText('0 / 2,5 cores').isVisible()).toBe(true);

    // Invite an address: always an e-mailed invitation (nobody is added without accepting),
    // listed as pending; the answer says nothing about whether the address has an account.
    await page.getByRole('button', { name: 'Inviter un membre' }).click();
    const inviteDialog = page.getByRole('dialog', { name: 'Inviter un membre' });
    await inviteDialog.getByLabel('Adresse email').fill(invitee.email);
    await inviteDialog.getByLabel('Rôle').selectOption('developer');
    await screenshot(page, 'projects-invite-modal-light-1280');
    await inviteDialog.getByRole('button', { name: 'Inviter' }).click();
    await page.getByText(accountTexts.invitationSent).first().waitFor();
    await page.getByRole('listitem', { name: invitee.email }).waitFor();
    await shootAll('detail', `/projects/${projectId}`, (p) =>
      p.getByRole('listitem', { name: invitee.email }).waitFor(),
    );

    // The link from the mail, opened in a second browser context where nobody is signed in.
    const mail = await waitForMail(
      server.outboxDir,
      invitee.email,
      /Invitation à rejoindre le projet/,
    );
    const link = linkIn(mail);
    expect(link.pathname).toMatch(/^\/invitations\/.+/);
    await shootAll(
      'invitation',
      link.pathname,
      (p) => p.getByRole('form', { name: 'Créer mon compte' }).waitFor(),
      false,
    );
    await shootAll(
      'invitation-invalid',
      '/invitations/lien-inconnu',
      (p) => p.getByRole('heading', { name: 'Invitation invalide ou expirée' }).waitFor(),
      false,
    );
    const guest = await open({ signedIn: false });
    browsers.invitee = guest;
    await visit(guest, link.pathname, (p) =>
      p.getByRole('form', { name: 'Créer mon compte' }).waitFor(),
    );
    const details = guest.locator('dl');
    expect(await details.innerText()).toContain('Boutique Dakar');
    expect(await details.innerText()).toContain(invitee.email);
    expect(await details.innerText()).toContain('Développeur');
    await guest.getByLabel('Prénom').fill(invitee.prenom);
    await guest.getByLabel('Nom', { exact: true }).fill(invitee.nom);
    await guest.getByLabel('Mot de passe', { exact: true }).fill('secret-fatou-1');
    await guest.getByLabel('Confirmer le mot de passe').fill('secret-fatou-2');
    await guest.getByRole('button', { name: 'Créer mon compte et rejoindre le projet' }).click();
    await guest.getByText('Les mots de passe ne correspondent pas').waitFor();
    await guest.getByLabel('Confirmer le mot de passe').fill('secret-fatou-1');
    await guest.getByRole('button', { name: 'Créer mon compte et rejoindre le projet' }).click();
    // The new account is signed in and lands on the project, as a developer.
    await guest.waitForURL(`**/projects/${projectId}`);
    await guest.getByRole('heading', { level: 1, name: 'Boutique Dakar' }).waitFor();
    expect(await guest.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    expect(await guest.getByText('Votre rôle').locator('..').innerText()).toContain('Développeur');
    expect(await guest.getByRole('button', { name: 'Inviter un membre' }).count()).toBe(0);

    // Back in the first context: the member is there with its role; the invitation is used.
    const detailPath = `/projects/${projectId}`;
    const member = page.getByRole('listitem', { name: `${invitee.prenom} ${invitee.nom}` });
    await visit(page, detailPath, () => member.waitFor());
    const role = member.getByRole('combobox', { name: `Rôle de ${invitee.prenom} ${invitee.nom}` });
    expect(await role.inputValue()).toBe('developer');
    expect(await page.getByRole('listitem', { name: invitee.email }).count()).toBe(0);

    await role.selectOption('admin');
    await page.getByText('Rôle mis à jour avec succès !').waitFor();
    await visit(page, detailPath, () => member.waitFor());
    expect(await role.inputValue()).toBe('admin');
    // The promoted member now has the admin controls.
    await visit(guest, detailPath, (p) =>
      p.getByRole('button', { name: 'Inviter un membre' }).waitFor(),
    );

    await member.getByRole('button', { name: `Retirer ${invitee.prenom} ${invitee.nom}` }).click();
    await page
      .getByRole('dialog', { name: `Retirer ${invitee.prenom} ${invitee.nom} ?` })
      .getByRole('button', { name: 'Retirer du projet' })
      .click();
    await page.getByText('Membre retiré du projet.').waitFor();
    await member.waitFor({ state: 'detached' });
    // The server agrees: the removed member no longer sees the project.
    await visit(guest, detailPath, (p) =>
      p.getByRole('heading', { name: 'Projet non trouvé' }).waitFor(),
    );

    // Environments: create, rename, delete.
    await page
      .getByRole('navigation', { name: 'Raccourcis du projet' })
      .getByRole('link', { name: /Environnements/ })
      .click();
    await page.waitForURL(`**/environments/${projectId}`);
    await page.getByRole('heading', { name: 'Aucun environnement' }).waitFor();
    await page.getByRole('button', { name: 'Nouvel environnement' }).click();
    const envForm = page.getByRole('form', { name: 'Nouvel environnement' });
    await envForm.getByLabel("Nom de l'environnement").fill('staging-dakar');
    await envForm.getByLabel('Type').selectOption({ label: 'Staging' });
    await envForm.getByRole('button', { name: "Créer l'environnement" }).click();
    await page.getByText('Environnement créé avec succès !').waitFor();
    const envCard = page.getByRole('article', { name: 'staging-dakar' });
    await envCard.waitFor();
    expect(await envCard.innerText()).toContain('Staging');
    expect(
      await envCard.getByRole('link', { name: /Gérer les déploiements/ }).getAttribute('href'),
    ).toMatch(/^\/deployments\/[0-9a-f-]{36}$/);
    await shootAll('environments', `/environments/${projectId}`, (p) =>
      p.getByRole('article', { name: 'staging-dakar' }).waitFor(),
    );

    await envCard.getByRole('button', { name: "Modifier l'environnement staging-dakar" }).click();
    const editForm = page.getByRole('form', { name: "Modifier l'environnement" });
    await editForm.getByLabel("Nom de l'environnement").fill('preprod-dakar');
    await editForm.getByLabel('Type').selectOption({ label: 'Pré-production' });
    await screenshot(page, 'projects-environment-edit-light-1280');
    await editForm.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Environnement modifié avec succès !').waitFor();
    const renamed = page.getByRole('article', { name: 'preprod-dakar' });
    await renamed.waitFor();
    expect(await renamed.innerText()).toContain('Pré-production');
    expect(await page.getByRole('article', { name: 'staging-dakar' }).count()).toBe(0);

    await renamed.getByRole('button', { name: "Supprimer l'environnement preprod-dakar" }).click();
    const confirm = page.getByRole('dialog', { name: "Supprimer l'environnement ?" });
    expect(await confirm.innerText()).toContain('Cette action est irréversible.');
    await screenshot(page, 'projects-environment-delete-light-1280');
    await confirm.getByRole('button', { name: "Supprimer l'environnement" }).click();
    await page.getByText('Environnement supprimé avec succès !').waitFor();
    const noEnvironment = (p: Page) =>
      p.getByRole('heading', { name: 'Aucun environnement' }).waitFor();
    await noEnvironment(page);
    await visit(page, `/environments/${projectId}`, noEnvironment);
  }, 300_000);
});
