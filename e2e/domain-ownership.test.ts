import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount, signInContext, type Account } from './helpers/accounts';
import { apiClient, loginToken, type ApiCall } from './helpers/api';
import { launchBrowser, newContext, screenshot, screenshotsDir } from './helpers/browser';
import { startDnsServer, type TestDnsServer } from './helpers/dns-server';
import { startServer, type RunningServer } from './helpers/server';

/**
 * Issue 24 in Chromium, on the built server and a real DNS lookup (a local DNS server): a
 * custom domain waits for its owner's proof of control. Another tenant claimed the name first
 * (a squatter): the owner's claim is accepted all the same. The DNS card says the domain is not
 * served yet, until when the claim waits, and the TXT record to create, in French, readable in
 * both themes on a desktop and on a phone (axe: no serious or critical violation); once the
 * record is published, « Vérifier le DNS » verifies the domain, the login address becomes the
 * domain's and the squatter's claim is withdrawn. A claim of the verified name is refused.
 */
const PUBLIC_IP = '203.0.113.10';
const DOMAIN = 'boutique.exemple.sn';
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: RunningServer;
let dns: TestDnsServer;
const txt: Record<string, string[]> = {};
let browser: Browser;
let owner: Account;
let api: ApiCall;
let appId: string;
let squatter: ApiCall;
let squatId: string;
/** A member of the owner's project with the role « utilisateur »: reads, never verifies. */
let reader: Account;

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
}

async function seriousAxeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(readFileSync(axePath, 'utf8'));
  const result = await page.evaluate(
    (include) =>
      (window as unknown as { axe: { run(context: unknown): Promise<AxeResult> } }).axe.run({
        include: [[include]],
      }),
    selector,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** The card alone, to look at (the page's shots show it in place). */
async function cardShot(card: ReturnType<Page['getByRole']>, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  await card.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

async function openDetail(
  colorScheme: 'light' | 'dark',
  width = 1280,
  who: Account = owner,
): Promise<Page> {
  const context = await newContext(browser, server.url, { colorScheme, width });
  await signInContext(context, server.url, await loginToken(server, who));
  const page = await context.newPage();
  for (let attempt = 1; ; attempt++) {
    await page.goto(`/deployment/${appId}`);
    try {
      await page.getByRole('region', { name: 'Configuration DNS' }).waitFor({ timeout: 15_000 });
      return page;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** A project, an environment and a WordPress claiming `domain`: accepted, pending. */
async function deployWith(
  call: ApiCall,
  nom: string,
  domain: string,
): Promise<{ projectId: string; appId: string }> {
  const project = await call<{ id: string }>('POST', '/projects/', {
    nom: `Projet ${nom}`,
    description: null,
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  const env = await call<{ id: string }>('POST', `/environments/${project.body.id}/environments`, {
    nom: 'production',
    type: 'prod',
  });
  const app = await call<{ id: string; statut_domaine: string }>(
    'POST',
    `/deployments/${env.body.id}/deploy/erp`,
    {
      nom,
      cpu: 0.5,
      ram: 1,
      storage: 2,
      replicas: 1,
      type_application: 'wordpress',
      nom_domaine: domain,
    },
  );
  expect(app.status, JSON.stringify(app.body)).toBe(201);
  expect(app.body.statut_domaine).toBe('en_attente');
  return { projectId: project.body.id, appId: app.body.id };
}

beforeAll(async () => {
  dns = await startDnsServer({ [DOMAIN]: [PUBLIC_IP] }, txt);
  server = await startServer({
    APPS_DOMAIN: 'apps.nuage.test',
    PUBLIC_IP,
    DNS_SERVERS: dns.address,
  });
  browser = await launchBrowser();
  owner = await createAccount(server, newAccount({ prenom: 'Awa', nom: 'Diop' }));
  api = apiClient(server, await loginToken(server, owner));
  const other = await createAccount(server, newAccount({ prenom: 'Moussa', nom: 'Fall' }));
  squatter = apiClient(server, await loginToken(server, other));
  // The squatter claims the name before its owner joins.
  squatId = (await deployWith(squatter, 'Copie', DOMAIN.toUpperCase())).appId;
  const own = await deployWith(api, 'Boutique', DOMAIN);
  appId = own.appId;
  reader = await createAccount(server, newAccount({ prenom: 'Ndeye', nom: 'Sarr' }));
  const invited = await api('POST', `/projects/${own.projectId}/members`, {
    email_utilisateur_invite: reader.email,
    role_projet: 'user',
  });
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300);
  const asReader = apiClient(server, await loginToken(server, reader));
  const pending = await asReader<{ id: string; projet_id: string }[]>(
    'GET',
    '/invitations/pending',
  );
  const invitation = pending.body.find((i) => i.projet_id === own.projectId)!;
  const joined = await asReader('POST', `/invitations/pending/${invitation.id}/accept`);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

describe('the custom domain’s proof of control (issue 24)', () => {
  it('says, in both themes, that the domain is not served yet and which TXT record proves it', async () => {
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 1280],
      ['dark', 390],
    ] as const) {
      const page = await openDetail(theme, width);
      const card = page.getByRole('region', { name: 'Configuration DNS' });
      await expect
        .poll(() => card.innerText(), { timeout: 15_000 })
        .toContain(`_nuage-verification.${DOMAIN}`);
      const text = await card.innerText();
      expect(text).toContain('En attente de vérification');
      expect(text).toContain(
        `La plateforme ne sert ${DOMAIN} (ni route, ni certificat HTTPS) qu'une fois prouvé qu'il vous appartient.`,
      );
      expect(text).toMatch(/nuage-verification=[0-9a-f]{32}/);
      // Until when the claim waits for its proof: seven days from now, in French.
      expect(text).toMatch(/Demande en attente de preuve jusqu'au \d{1,2} \S+ \d{4} à \d{2}:\d{2}/);
      // An A record to the shared address is there (DNS correct), and said not to be a proof.
      expect(text).toContain('DNS correct');
      expect(text).toContain('cette adresse est partagée par toutes les applications');
      expect(await seriousAxeViolations(page, '[aria-labelledby="dns-title"]')).toEqual([]);
      // Nothing sticks out sideways on a phone.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `domain-ownership-pending-${theme}-${width}`);
      await cardShot(card, `domain-ownership-card-pending-${theme}-${width}`);
      await page.context().close();
    }
  }, 180_000);

  it('shows a member of role « utilisateur » the same card, without the check button', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await openDetail(theme, 1280, reader);
      const card = page.getByRole('region', { name: 'Configuration DNS' });
      await expect
        .poll(() => card.innerText(), { timeout: 15_000 })
        .toContain(`_nuage-verification.${DOMAIN}`);
      expect(await card.innerText()).toContain(
        'Le propriétaire du domaine crée cet enregistrement TXT',
      );
      expect(await card.getByRole('button', { name: 'Vérifier le DNS' }).count()).toBe(0);
      expect(await seriousAxeViolations(page, '[aria-labelledby="dns-title"]')).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await cardShot(card, `domain-ownership-card-reader-${theme}-1280`);
      await page.context().close();
    }
  }, 120_000);

  it('verifies the domain once the TXT record is published, and logs in at the domain', async () => {
    const help = await api<{ propriete: { enregistrement: { nom: string; valeur: string } } }>(
      'GET',
      `/deployments/deployment/${appId}/dns`,
    );
    const record = help.body.propriete.enregistrement;
    const page = await openDetail('light');
    const card = page.getByRole('region', { name: 'Configuration DNS' });
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(record.nom);
    txt[record.nom] = [record.valeur];
    await card.getByRole('button', { name: 'Vérifier le DNS' }).click();
    await expect
      .poll(() => card.innerText(), { timeout: 15_000 })
      .toContain(`${DOMAIN} est vérifié`);
    const access = page.getByRole('region', { name: 'Accès administrateur' });
    await expect
      .poll(() => access.getByRole('link').getAttribute('href'), { timeout: 15_000 })
      .toBe(`http://${DOMAIN}/wp-admin`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'domain-ownership-verified-light');
    await cardShot(card, 'domain-ownership-card-verified-light');
    await page.context().close();
  }, 120_000);

  it('withdrew the squatter’s pending claim, and refuses any new claim of the verified name', async () => {
    const squat = await squatter<{ nom_de_domaine: string | null; events: { message: string }[] }>(
      'GET',
      `/deployments/deployment/${squatId}`,
    );
    expect(squat.body.nom_de_domaine).toBeNull();
    // Among its events (the engine adds its own after it), in French, never saying whose.
    expect(squat.body.events.map((e) => e.message)).toContain(
      `Nom de domaine ${DOMAIN} retiré : son propriétaire a prouvé qu'il le contrôle pour une autre application de la plateforme. Une demande en attente de preuve ne réserve pas un nom.`,
    );
    const again = await squatter<{ detail: string }>('PUT', `/deployments/deployment/${squatId}`, {
      nom_de_domaine: DOMAIN,
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/^Ce nom de domaine est déjà utilisé/);
  });
});
