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
 * custom domain waits for its owner's proof of control. The DNS card says so and gives the TXT
 * record to create, in French, readable in both themes on a desktop and on a phone (axe: no
 * serious or critical violation); once the record is published, « Vérifier le DNS » verifies
 * the domain and the login address becomes the domain's. Another tenant's claim of the same
 * name is refused in French.
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

async function openDetail(colorScheme: 'light' | 'dark', width = 1280): Promise<Page> {
  const context = await newContext(browser, server.url, { colorScheme, width });
  await signInContext(context, server.url, await loginToken(server, owner));
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
  const project = await api<{ id: string }>('POST', '/projects/', {
    nom: 'Boutique Thiès',
    description: null,
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  const env = await api<{ id: string }>('POST', `/environments/${project.body.id}/environments`, {
    nom: 'production',
    type: 'prod',
  });
  const app = await api<{ id: string; statut_domaine: string }>(
    'POST',
    `/deployments/${env.body.id}/deploy/erp`,
    {
      nom: 'Boutique',
      cpu: 0.5,
      ram: 1,
      storage: 2,
      replicas: 1,
      type_application: 'wordpress',
      nom_domaine: DOMAIN,
    },
  );
  expect(app.status, JSON.stringify(app.body)).toBe(201);
  expect(app.body.statut_domaine).toBe('en_attente');
  appId = app.body.id;
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

  it('refuses another tenant’s claim of the name, in French', async () => {
    const other = await createAccount(server, newAccount({ prenom: 'Moussa', nom: 'Fall' }));
    const call = apiClient(server, await loginToken(server, other));
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: 'Autre',
      description: null,
      quota_cpu: 2,
      quota_ram: 4,
      quota_stockage: 20,
    });
    const env = await call<{ id: string }>(
      'POST',
      `/environments/${project.body.id}/environments`,
      {
        nom: 'production',
        type: 'prod',
      },
    );
    const res = await call<{ detail: string }>('POST', `/deployments/${env.body.id}/deploy/erp`, {
      nom: 'Copie',
      cpu: 0.5,
      ram: 1,
      storage: 2,
      replicas: 1,
      type_application: 'wordpress',
      nom_domaine: DOMAIN.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^Ce nom de domaine est déjà utilisé/);
  });

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
});
