import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount, signInContext, type Account } from './helpers/accounts';
import { apiClient, loginToken, type ApiCall } from './helpers/api';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { startDnsServer, type TestDnsServer } from './helpers/dns-server';
import { startServer, type RunningServer } from './helpers/server';

/**
 * Issue 16 on the application page, in Chromium on the simulation runtime: the admin access
 * (login page, login, e-mail, the password revealed and regenerated after the account password),
 * the DNS help of a custom domain checked against a local DNS server, the certificate choice in
 * the inline form and the edit modal, and an image that is not the catalogue's refused.
 */

const PUBLIC_IP = '203.0.113.10';
const WIZARD_PASSWORD = 'Choisi-dans-assistant-42';

let server: RunningServer;
let dns: TestDnsServer;
/** TXT records the test DNS server answers (an owner proving control adds one). */
const txt: Record<string, string[]> = {};
let browser: Browser;
let owner: Account;
let api: ApiCall;
let projectId: string;
let envId: string;

async function deploy(body: Record<string, unknown>) {
  const res = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/erp`, {
    cpu: 0.5,
    ram: 1,
    storage: 2,
    replicas: 1,
    type_application: 'wordpress',
    image_registry_url: 'docker.io/library/wordpress',
    image_tag: '6.4-apache',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/**
 * Opens `url` until `ready` answers: Chromium in a container sometimes aborts loads with
 * net::ERR_NETWORK_CHANGED (a lazy chunk then fails), so a failed load is retried, twice.
 */
async function visit(page: Page, url: string, ready: (page: Page) => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(url);
    try {
      await ready(page);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}
const detailReady = (page: Page) =>
  page.getByRole('region', { name: 'Accès administrateur' }).waitFor({ timeout: 15_000 });
const environmentReady = (page: Page) =>
  page.getByRole('button', { name: 'Déploiement rapide' }).waitFor({ timeout: 15_000 });

async function openPage(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await newContext(browser, server.url, { colorScheme });
  await signInContext(context, server.url, await loginToken(server, owner));
  return context.newPage();
}

beforeAll(async () => {
  dns = await startDnsServer(
    {
      'boutique.exemple.sn': [PUBLIC_IP],
      'blog.exemple.sn': ['198.51.100.7'],
    },
    txt,
  );
  server = await startServer({
    APPS_DOMAIN: 'apps.nuage.test',
    PUBLIC_IP,
    DNS_SERVERS: dns.address,
  });
  browser = await launchBrowser();
  owner = await createAccount(server, newAccount({ prenom: 'Fatou', nom: 'Ndiaye' }));
  api = apiClient(server, await loginToken(server, owner));
  const project = await api<{ id: string }>('POST', '/projects/', {
    nom: 'Boutique Dakar',
    description: null,
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  projectId = project.body.id;
  const env = await api<{ id: string }>('POST', `/environments/${projectId}/environments`, {
    nom: 'production',
    type: 'prod',
  });
  envId = env.body.id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

describe('the application page (issue 16)', () => {
  it('shows the admin login, reveals the password after the account password, regenerates it; DNS correct', async () => {
    const id = await deploy({
      nom: 'Boutique',
      nom_domaine: 'boutique.exemple.sn',
      wordpress_email: 'gerant@boutique.sn',
      wordpress_password: WIZARD_PASSWORD,
    });
    // Its owner publishes the TXT record the DNS card gives (issue 24) and « Vérifier le DNS »
    // verifies the domain: the login address becomes the domain's.
    const help = await api<{ propriete: { enregistrement: { nom: string; valeur: string } } }>(
      'GET',
      `/deployments/deployment/${id}/dns`,
    );
    const record = help.body.propriete.enregistrement;
    txt[record.nom] = [record.valeur];
    const verified = await api<{ propriete: { statut: string } }>(
      'POST',
      `/deployments/deployment/${id}/dns/verify`,
    );
    expect(verified.body.propriete.statut).toBe('verifie');
    const page = await openPage('light');
    await visit(page, `/deployment/${id}`, detailReady);
    const access = page.getByRole('region', { name: 'Accès administrateur' });
    await expect
      .poll(() => access.getByRole('link').getAttribute('href'))
      .toBe('http://boutique.exemple.sn/wp-admin');
    await expect.poll(() => access.innerText()).toContain('gerant@boutique.sn');
    expect(await access.innerText()).not.toContain(WIZARD_PASSWORD);

    // A wrong account password is refused in the dialog, the right one reveals.
    await access.getByRole('button', { name: 'Révéler le mot de passe' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mot de passe de votre compte').fill('pas-le-bon');
    await dialog.getByRole('button', { name: 'Révéler le mot de passe' }).click();
    await expect.poll(() => dialog.innerText()).toContain('Mot de passe du compte incorrect.');
    await dialog.getByLabel('Mot de passe de votre compte').fill(owner.password);
    await dialog.getByRole('button', { name: 'Révéler le mot de passe' }).click();
    await expect.poll(() => page.getByTestId('admin-password').innerText()).toBe(WIZARD_PASSWORD);

    // The DNS help: the records to create, and the server's check says correct.
    const dnsCard = page.getByRole('region', { name: 'Configuration DNS' });
    await expect.poll(() => dnsCard.innerText(), { timeout: 15_000 }).toContain('DNS correct');
    const dnsText = await dnsCard.innerText();
    expect(dnsText).toContain(PUBLIC_IP);
    expect(dnsText).toMatch(/CNAME\s+boutique\.exemple\.sn\s+boutique-production-boutique-dakar/);
    expect(dnsText).toContain('Domaine vérifié');
    await screenshot(page, 'application-access-light');

    // Régénérer: a new password, the revealed one is hidden, the next reveal shows another.
    await access.getByRole('button', { name: 'Régénérer' }).click();
    await dialog.getByLabel('Mot de passe de votre compte').fill(owner.password);
    await dialog.getByRole('button', { name: 'Régénérer' }).click();
    // The dialog closes, the old password is hidden (the toast says it is being applied); the
    // account password's check and the new secret take a few seconds on a loaded machine.
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => page.getByTestId('admin-password').count(), { timeout: 15_000 })
      .toBe(0);
    await access.getByRole('button', { name: 'Révéler le mot de passe' }).click();
    await dialog.getByLabel('Mot de passe de votre compte').fill(owner.password);
    await dialog.getByRole('button', { name: 'Révéler le mot de passe' }).click();
    const regenerated = await page.getByTestId('admin-password').innerText();
    expect(regenerated).not.toBe(WIZARD_PASSWORD);
    expect(regenerated).toMatch(/^[A-Za-z0-9]{24}$/);

    const audit = await api<{ events: { action: string }[] }>(
      'GET',
      `/projects/${projectId}/audit`,
    );
    expect(audit.body.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['deployment.password_reveal', 'deployment.password_regenerate']),
    );
    await page.context().close();
  }, 120_000);

  it('says in French what is wrong with the DNS (dark theme)', async () => {
    const id = await deploy({ nom: 'Blog', nom_domaine: 'blog.exemple.sn' });
    const page = await openPage('dark');
    await visit(page, `/deployment/${id}`, detailReady);
    const dnsCard = page.getByRole('region', { name: 'Configuration DNS' });
    await expect
      .poll(() => dnsCard.innerText(), { timeout: 15_000 })
      .toContain(
        `blog.exemple.sn pointe vers 198.51.100.7, pas vers l'adresse de la plateforme (${PUBLIC_IP}).`,
      );
    // Not proved: not served, the TXT record to create is given.
    expect(await dnsCard.innerText()).toContain('En attente de vérification');
    expect(await dnsCard.innerText()).toContain('_nuage-verification.blog.exemple.sn');
    const access = page.getByRole('region', { name: 'Accès administrateur' });
    await access.getByRole('button', { name: 'Révéler le mot de passe' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mot de passe de votre compte').fill(owner.password);
    await dialog.getByRole('button', { name: 'Révéler le mot de passe' }).click();
    await expect.poll(() => page.getByTestId('admin-password').innerText()).toMatch(/^\w{24}$/);
    await screenshot(page, 'application-access-dark');
    await page.context().close();
  }, 120_000);

  it('offers the project certificate covering the domain in the inline form and the edit modal', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-cert-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
          '-days',
          '90',
          '-subj',
          '/CN=*.exemple.sn',
          '-addext',
          'subjectAltName=DNS:*.exemple.sn',
        ],
        { stdio: 'ignore' },
      );
      const created = await api<{ id: string }>('POST', '/certificates/', {
        nom: 'Joker exemple.sn',
        contenu_certificat: await readFile(path.join(dir, 'cert.pem'), 'utf8'),
        contenu_cle_privee: await readFile(path.join(dir, 'key.pem'), 'utf8'),
        date_expiration: new Date(
          new X509Certificate(await readFile(path.join(dir, 'cert.pem'))).validTo,
        ).toISOString(),
        projet_id: projectId,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const certificateId = created.body.id;

      const page = await openPage('light');
      await visit(page, `/deployments/${envId}`, environmentReady);
      await page.getByRole('button', { name: 'Déploiement rapide' }).click();
      const form = page.getByRole('form', { name: 'Déploiement rapide' });
      const select = form.getByLabel('Certificat TLS');
      expect(await select.isDisabled()).toBe(true);
      await form.getByLabel("Nom de l'application").fill('Vitrine');
      await form.getByLabel('Image Docker').fill('docker.io/library/wordpress');
      await form.getByLabel('Tag').fill('6.4-apache');
      await form.getByLabel('Nom de domaine (optionnel)').fill('vitrine.exemple.sn');
      await expect
        .poll(() => select.locator('option').allInnerTexts())
        .toEqual(["Let's Encrypt automatique", 'Joker exemple.sn (*.exemple.sn, Personnalisé)']);
      await select.selectOption(certificateId);
      await form.getByRole('button', { name: 'Déployer' }).click();
      let vitrineId = '';
      await expect
        .poll(async () => {
          const apps = await api<{ id: string; nom: string; certificat_tls_id: string | null }[]>(
            'GET',
            `/deployments/${envId}/deployments`,
          );
          const vitrine = apps.body.find((a) => a.nom === 'Vitrine');
          vitrineId = vitrine?.id ?? '';
          return vitrine?.certificat_tls_id ?? null;
        })
        .toBe(certificateId);

      // The edit modal starts from the attached certificate; Let's Encrypt detaches it.
      const detail = await openPage('light');
      await visit(detail, `/deployment/${vitrineId}`, detailReady);
      await detail.getByRole('button', { name: 'Modifier' }).click();
      const modal = detail.getByRole('dialog');
      await expect.poll(() => modal.getByLabel('Certificat TLS').inputValue()).toBe(certificateId);
      await modal.getByLabel('Certificat TLS').selectOption('');
      await modal.getByRole('button', { name: 'Enregistrer' }).click();
      await expect
        .poll(async () => {
          const app = await api<{ certificat_tls_id: string | null }>(
            'GET',
            `/deployments/deployment/${vitrineId}`,
          );
          return app.body.certificat_tls_id;
        })
        .toBeNull();
      await detail.context().close();

      // A domain the certificate does not cover: only Let's Encrypt is offered.
      await page.getByRole('button', { name: 'Déploiement rapide' }).click();
      const again = page.getByRole('form', { name: 'Déploiement rapide' });
      await again.getByLabel('Nom de domaine (optionnel)').fill('boutique.autre.sn');
      await expect
        .poll(() => again.getByLabel('Certificat TLS').locator('option').allInnerTexts())
        .toEqual(["Let's Encrypt automatique"]);
      await expect
        .poll(() => again.innerText())
        .toContain(
          "Aucun certificat du projet ne couvre boutique.autre.sn : Let's Encrypt sera utilisé.",
        );
      await page.context().close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses an image that is not one of the catalogue’s, in French, and creates nothing', async () => {
    const page = await openPage('light');
    await visit(page, `/deployments/${envId}`, environmentReady);
    await page.getByRole('button', { name: 'Déploiement rapide' }).click();
    const form = page.getByRole('form', { name: 'Déploiement rapide' });
    await form.getByLabel("Nom de l'application").fill('Serveur web');
    await form.getByLabel('Image Docker').fill('nginx');
    await form.getByLabel('Tag').fill('1.27');
    await form.getByRole('button', { name: 'Déployer' }).click();
    await expect
      .poll(() => page.getByText('Image non reconnue').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const apps = await api<{ nom: string }[]>('GET', `/deployments/${envId}/deployments`);
    expect(apps.body.map((a) => a.nom)).not.toContain('Serveur web');
    await page.context().close();
  }, 60_000);
});
