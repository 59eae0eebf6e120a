import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createAccount, newAccount, signInContext } from './helpers/accounts';
import { apiClient } from './helpers/api';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { startDnsServer, type TestDnsServer } from './helpers/dns-server';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The Certificates screen in Chromium on the simulation runtime: a custom certificate made with
 * the openssl CLI is uploaded through the file pickers, shown Actif with its expiry, checked in
 * the details, renamed and deleted; a Let's Encrypt order is signed by the local simulation
 * authority and turns Actif on its own (the list polls while it runs). An order is placed only
 * for a verified domain of one of the project's applications (issue 24): another name is
 * refused under the field, in French.
 */

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DOMAIN = 'boutique.exemple.sn';
const LE_DOMAIN = 'api.exemple.sn';

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
}

/** A self-signed certificate for DOMAIN and its key, as a user would make them. */
async function makeCertificate(dir: string) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '90',
      '-subj',
      `/CN=${DOMAIN}`,
      '-addext',
      `subjectAltName=DNS:${DOMAIN}`,
    ],
    { stdio: 'ignore' },
  );
  const notAfter = new Date(new X509Certificate(await readFile(cert)).validTo);
  return { key, cert, notAfter };
}

/** How the screen writes a date: fr-FR, long, in the browser's time zone (newContext's). */
const frenchDate = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Dakar',
  }).format(d);

/**
 * Opens `path` and waits for `ready`. Chromium in a container sometimes aborts loads with
 * net::ERR_NETWORK_CHANGED (a lazy chunk then fails to load): such a load is retried, twice.
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

async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays intact.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  // The shell's header is not this screen's (and has its own test): the page and its dialogs.
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: unknown): Promise<AxeResult> } }).axe.run({
      exclude: [['header']],
    }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
] as const;

describe('certificates in Chromium', () => {
  let server: RunningServer;
  let dns: TestDnsServer;
  const txt: Record<string, string[]> = {};
  let browser: Browser;
  let token: string;
  let tmp: string;
  let material: Awaited<ReturnType<typeof makeCertificate>>;
  const contexts: BrowserContext[] = [];

  async function open(opts: { theme?: 'light' | 'dark'; width?: number } = {}) {
    const context = await newContext(browser, server.url, {
      colorScheme: opts.theme ?? 'light',
      width: opts.width ?? 1280,
      height: opts.width === 360 ? 740 : 800,
    });
    contexts.push(context);
    await signInContext(context, server.url, token);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  const listReady = (name: string) => (p: Page) => p.getByRole('listitem', { name }).waitFor();
  const row = (page: Page, name: string) => page.getByRole('listitem', { name });

  /** /certificates, then `prepare` (opening a dialog…), in both themes at 1280 and 360 px. */
  async function shootAll(name: string, prepare: (page: Page) => Promise<unknown>) {
    for (const { theme, width } of variants) {
      const page = await variantPage(theme, width);
      await visit(page, '/certificates', listReady('Boutique production'));
      await prepare(page);
      // Nothing may stick out sideways, even on a 360 px phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await screenshot(page, `certificates-${name}-${theme}-${width}`);
      // Nothing left running (polling) in the background until the next shot reloads it.
      await page.goto('about:blank');
    }
  }

  /**
   * One signed-in page per variant, kept from shot to shot: each shot loads the screen anew,
   * without a new context's cold cache and sign-in (24 contexts made this test take 84 s).
   */
  const variantPages = new Map<string, Page>();
  async function variantPage(theme: 'light' | 'dark', width: number) {
    const key = `${theme}-${width}`;
    let page = variantPages.get(key);
    if (!page) {
      page = await open({ theme, width });
      variantPages.set(key, page);
    }
    return page;
  }

  async function openCreate(page: Page, kind: "Let's Encrypt" | 'Personnalisé') {
    await page.getByRole('button', { name: 'Nouveau certificat' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau certificat' });
    await dialog.getByText(kind, { exact: true }).click();
    return dialog;
  }

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'nuage-certs-'));
    material = await makeCertificate(tmp);
    dns = await startDnsServer({ [LE_DOMAIN]: ['203.0.113.10'] }, txt);
    server = await startServer({ PUBLIC_IP: '203.0.113.10', DNS_SERVERS: dns.address });
    browser = await launchBrowser();
    const account = await createAccount(server, newAccount());
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, mot_de_passe: account.password }),
    });
    token = String(((await login.json()) as { access_token: string }).access_token);
    const project = await fetch(`${server.url}/api/v1/projects/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        nom: 'Boutique Dakar',
        description: null,
        quota_cpu: 2,
        quota_ram: 4,
        quota_stockage: 20,
      }),
    });
    if (!project.ok) throw new Error(`project: ${project.status} ${await project.text()}`);
    // An application of the project whose owner proved control of LE_DOMAIN (its TXT record
    // published, « Vérifier le DNS »): the Let's Encrypt order below is for a name it holds.
    const api = apiClient(server, token);
    const projectId = ((await project.json()) as { id: string }).id;
    const env = await api<{ id: string }>('POST', `/environments/${projectId}/environments`, {
      nom: 'production',
      type: 'prod',
    });
    const app = await api<{ id: string }>('POST', `/deployments/${env.body.id}/deploy/erp`, {
      nom: 'Api',
      cpu: 0.5,
      ram: 1,
      storage: 2,
      replicas: 1,
      type_application: 'wordpress',
      nom_domaine: LE_DOMAIN,
    });
    if (app.status !== 201) throw new Error(`deploy: ${app.status} ${JSON.stringify(app.body)}`);
    type Help = { propriete: { statut: string; enregistrement: { nom: string; valeur: string } } };
    const help = await api<Help>('GET', `/deployments/deployment/${app.body.id}/dns`);
    txt[help.body.propriete.enregistrement.nom] = [help.body.propriete.enregistrement.valeur];
    const verified = await api<Help>('POST', `/deployments/deployment/${app.body.id}/dns/verify`);
    expect(verified.body.propriete.statut).toBe('verifie');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await dns?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("requests a Let's Encrypt certificate: the simulation authority signs it, it turns Actif", async () => {
    const page = await open();
    onTestFailed(async () => {
      await screenshot(page, 'certificates-failure-letsencrypt').catch(() => {});
    });
    await visit(page, '/certificates', (p) =>
      p.getByRole('heading', { name: 'Aucun certificat' }).waitFor(),
    );
    const dialog = await openCreate(page, "Let's Encrypt");
    const form = dialog.getByRole('form', { name: "Demande Let's Encrypt" });
    // A name no application of the project holds: refused under the field, nothing ordered.
    await form.getByLabel('Nom de domaine').fill('autre.exemple.sn');
    await form.getByLabel('Adresse email').fill('admin@exemple.sn');
    await dialog.getByRole('button', { name: 'Demander le certificat' }).click();
    await form
      .getByText(
        "Impossible de commander un certificat pour autre.exemple.sn : autre.exemple.sn n'est pas un nom de domaine vérifié d'une application de ce projet.",
        { exact: false },
      )
      .waitFor();
    await screenshot(page, 'certificates-letsencrypt-refused-light-1280');
    await form.getByLabel('Nom de domaine').fill(LE_DOMAIN);
    await dialog.getByRole('button', { name: 'Demander le certificat' }).click();
    await page.getByText("Demande de certificat Let's Encrypt envoyée !").waitFor();

    // The list polls while the order runs: Actif without reloading, marked Simulation.
    const item: Locator = row(page, LE_DOMAIN);
    await item.getByText('Actif', { exact: true }).waitFor({ timeout: 30_000 });
    const text = await item.innerText();
    expect(text).toContain("Let's Encrypt");
    expect(text).toContain('Simulation');
    expect(text).not.toContain("En attente d'émission");

    // Renewal: the server's answer replaces the row, and it is issued again.
    await item.getByRole('button', { name: `Renouveler le certificat ${LE_DOMAIN}` }).click();
    await page.getByText('Renouvellement du certificat demandé').waitFor();
    await item.getByText('Actif', { exact: true }).waitFor({ timeout: 30_000 });

    await item.getByRole('button', { name: /Détails/ }).click();
    const details = page.getByRole('dialog', { name: 'Détails du certificat' });
    await details.getByText('Certificat valide').waitFor();
    expect(await details.innerText()).toContain('autorité de simulation locale');
    await screenshot(page, 'certificates-details-letsencrypt-light-1280');
  });

  it('uploads a custom certificate, shows it Actif with its expiry, details, edit, delete', async () => {
    const page = await open();
    onTestFailed(async () => {
      await screenshot(page, 'certificates-failure-custom').catch(() => {});
    });
    await visit(page, '/certificates', listReady(LE_DOMAIN));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // 'Nouveau certificat', Personnalisé: the certificate and the key from files.
    const dialog = await openCreate(page, 'Personnalisé');
    const form = dialog.getByRole('form', { name: 'Certificat personnalisé' });
    await form.getByLabel('Nom du certificat').fill('Boutique');
    await form.getByLabel('Fichier du certificat').setInputFiles(material.cert);
    await form.getByLabel('Fichier de la clé privée').setInputFiles(material.key);
    await expect
      .poll(() => form.getByLabel('Certificat (PEM)').inputValue())
      .toContain('-----BEGIN CERTIFICATE-----');
    // Each file is read on its own (FileReader): the key may land after the certificate.
    await expect
      .poll(() => form.getByLabel('Clé privée (PEM)').inputValue())
      .toContain('PRIVATE KEY-----');
    // The expiry date was read from the certificate.
    expect(await form.getByLabel("Date d'expiration").inputValue()).toBe(
      material.notAfter.toISOString().slice(0, 10),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Importer le certificat' }).click();
    await page.getByText('Certificat créé avec succès !').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // In the list: Actif, its domain, its fr-FR expiry, Personnalisé, no renewal.
    const item = row(page, 'Boutique');
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain(DOMAIN);
    expect(text).toContain('Actif');
    expect(text).toContain('Personnalisé');
    expect(text).toContain(frenchDate(material.notAfter));
    expect(text).not.toContain('restant'); // 90 days: not flagged
    expect(await item.getByRole('button', { name: /Renouveler/ }).count()).toBe(0);

    // Details, with the server's validation of the certificate.
    await item.getByRole('button', { name: 'Détails du certificat Boutique' }).click();
    const details = page.getByRole('dialog', { name: 'Détails du certificat' });
    await details.getByText('Certificat valide').waitFor();
    const check = (label: string) =>
      details.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await check('Certificat valide').innerText()).toContain('Oui');
    expect(await check('Le domaine correspond').innerText()).toContain('Oui');
    expect(await check('Non expiré').innerText()).toContain('Oui');
    expect(Number(await check('Jours avant expiration').innerText())).toBeGreaterThanOrEqual(89);
    const issues = details.getByRole('list', { name: 'Problèmes relevés' });
    expect(await issues.innerText()).toContain('auto-signé');
    expect(await details.innerText()).toContain(DOMAIN);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Edit the name: the PEM fields stay empty (kept).
    await item.getByRole('button', { name: 'Modifier le certificat Boutique' }).click();
    const edit = page.getByRole('form', { name: 'Modifier le certificat' });
    expect(await edit.getByLabel('Nouvelle clé privée (PEM)').inputValue()).toBe('');
    await edit.getByLabel('Nom du certificat').fill('Boutique production');
    await page
      .getByRole('dialog', { name: 'Modifier le certificat' })
      .getByRole('button', { name: 'Enregistrer' })
      .click();
    await page.getByText('Certificat modifié avec succès !').waitFor();
    const renamed = row(page, 'Boutique production');
    await renamed.waitFor();
    expect(await renamed.innerText()).toContain('Actif');

    // Screens to look at, before the deletion.
    await shootAll('list', async () => {});
    await shootAll('create-letsencrypt', async (p) => {
      const d = await openCreate(p, "Let's Encrypt");
      await d.getByLabel('Nom de domaine').fill(LE_DOMAIN);
      await d.getByLabel('Adresse email').fill('admin@exemple.sn');
    });
    await shootAll('create-custom', async (p) => {
      const d = await openCreate(p, 'Personnalisé');
      await d.getByLabel('Nom du certificat').fill('Boutique');
      await d.getByLabel('Fichier du certificat').setInputFiles(material.cert);
      await d.getByLabel("Date d'expiration").waitFor();
      // Empty required fields, to see the messages too.
      await d.getByRole('button', { name: 'Importer le certificat' }).click();
      await d.getByText('La clé privée (PEM) est requise').waitFor();
    });
    await shootAll('details', async (p) => {
      await row(p, 'Boutique production')
        .getByRole('button', { name: /Détails/ })
        .click();
      await p
        .getByRole('dialog')
        .getByText('Aucun problème relevé.')
        .or(p.getByRole('list', { name: 'Problèmes relevés' }))
        .waitFor();
    });
    await shootAll('edit', async (p) => {
      await row(p, 'Boutique production')
        .getByRole('button', { name: /Modifier/ })
        .click();
      await p.getByRole('form', { name: 'Modifier le certificat' }).waitFor();
    });
    await shootAll('delete', async (p) => {
      await row(p, 'Boutique production')
        .getByRole('button', { name: /Supprimer/ })
        .click();
      await p.getByText('Cette action est irréversible.').waitFor();
    });

    // Delete, after a confirmation that says it is irreversible.
    await renamed
      .getByRole('button', { name: 'Supprimer le certificat Boutique production' })
      .click();
    const confirm = page.getByRole('dialog', { name: /^Supprimer le certificat/ });
    expect(await confirm.innerText()).toContain('Cette action est irréversible.');
    await confirm.getByRole('button', { name: 'Supprimer le certificat' }).click();
    await page.getByText('Certificat supprimé avec succès !').waitFor();
    await renamed.waitFor({ state: 'detached' });
    const res = await fetch(`${server.url}/api/v1/certificates/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const left = (await res.json()) as { nom: string }[];
    expect(left.map((c) => c.nom)).toEqual([LE_DOMAIN]);
    // 24 screenshots and three axe runs: 81 s alone at load 17, over 120 s at load 25.
  }, 300_000);
});
