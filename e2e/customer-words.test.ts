// Issue 33 items 6, 7, 8 and part of 10 in Chromium: the application page in the customer's
// words (no jargon, names instead of ids, only the parts that exist), DNS and webhook help that
// says what the customer can do and tells operators what to set, builds and image downloads
// apart on « Images », its empty page's next step, and the page checks (forbidden words and
// contrast) every browser test now runs.
import { builtImagesTexts } from '@nuage/shared/built-images-texts';
import { dnsTexts, domainOwnershipTexts } from '@nuage/shared/dns-help';
import { operatorSettingsTexts } from '@nuage/shared/messages/platform';
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage } from './helpers/browser';
import { forbiddenOnPages, takePageProblems } from './helpers/page-checks';
import { startServer, type RunningServer } from './helpers/server';
import { startGitServer, type GitServer } from './support/git-server/git-server';

const SHOTS = '/work/notes/screens/ux-words';
const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;
const OPERATOR = 'exploitation@nuage.test';

/** Opens `path` until `ready` (a lazy chunk load may be aborted by the container's network). */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(path);
    try {
      await ready(page);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** The words of `main` the customer should never read (raw log lines and copied values aside). */
async function jargonIn(page: Page): Promise<string[]> {
  const text = await page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('pre, code, [data-verbatim]').forEach((raw) => raw.remove());
    // An address is opened or copied as it is (the simulation's carry the application's id).
    return (copy.innerText || copy.textContent || '').replace(/https?:\/\/\S+/g, '');
  });
  return forbiddenOnPages.flatMap(({ pattern }) => text.match(pattern)?.[0] ?? []);
}

describe('issue 33 (items 6, 7, 8, 10) in Chromium', () => {
  let server: RunningServer;
  let git: GitServer;
  let browser: Browser;
  let token: string;
  let operatorToken: string;
  let emptyToken: string;
  let api: ApiCall;
  let envId: string;
  let wordpressId: string;
  let codeId: string;
  const contexts: BrowserContext[] = [];

  const open = (as: string, opts: { theme?: 'light' | 'dark'; width?: number } = {}) =>
    openPage(browser, server.url, contexts, { ...opts, token: as, timeoutMs: 20_000 });

  async function shoot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    git = await startGitServer();
    git.createRepository('api-boutique', {
      'package.json': JSON.stringify({ name: 'api', scripts: { start: 'node server.js' } }),
      'server.js': 'console.log("ok")',
    });
    // Neither APPS_DOMAIN nor PUBLIC_IP, a local PUBLIC_URL: what a fresh install has.
    server = await startServer({ GIT_ALLOW_PRIVATE_HOSTS: 'true', OPERATOR_EMAILS: OPERATOR });
    token = await loginToken(server, await createAccount(server));
    operatorToken = await loginToken(
      server,
      await createAccount(server, newAccount({ email: OPERATOR })),
    );
    emptyToken = await loginToken(server, await createAccount(server));
    api = apiClient(server, token);
    const project = await api<{ id: string }>('POST', '/projects/', {
      nom: 'Boutique Dakar',
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    envId = (
      await api<{ id: string }>('POST', `/environments/${project.body.id}/environments`, {
        nom: 'Production',
        type: 'prod',
      })
    ).body.id;
    const wordpress = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/erp`, {
      nom: 'boutique',
      type_application: 'wordpress',
      cpu: 0.5,
      ram: 1,
      storage: 1,
      replicas: 1,
      helm_chart_version: '1.0.0',
      nom_domaine: 'boutique.exemple.sn',
    });
    expect(wordpress.status, JSON.stringify(wordpress.body)).toBe(201);
    wordpressId = wordpress.body.id;
    const code = await api<{ id: string }>('POST', `/deployments/${envId}/deploy/code`, {
      nom: 'api-boutique',
      cpu: 0.5,
      ram: 0.5,
      replicas: 1,
      type_application: 'nodejs',
      git_branch: 'main',
      build_args: {},
      helm_chart_version: '1.0.0',
      repo_url: git.url('api-boutique'),
      port: 3000,
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    codeId = code.body.id;
    for (const id of [wordpressId, codeId]) {
      await pollUntil(
        'the application running',
        () => api<{ statut_deploiement: string }>('GET', `/deployments/deployment/${id}`),
        (r) => r.body.statut_deploiement === 'RUNNING',
        { timeoutMs: 120_000 },
      );
    }
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await git?.close();
  });

  const detailReady = (name: string) => async (page: Page) => {
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page
      .getByRole('region', { name: 'Instances' })
      .getByText(/instances? en marche/)
      .waitFor();
  };

  it('item 6: a WordPress page in the customer’s words, its database named as such', async () => {
    for (const { theme, width } of variants) {
      const page = await open(token, { theme, width });
      await visit(page, `/deployment/${wordpressId}`, detailReady('boutique'));
      await page.getByRole('listitem', { name: 'Base de données' }).waitFor();
      const general = page.getByRole('region', { name: 'Informations générales' });
      expect(await general.innerText()).toMatch(/Dépôt\s+N\/A \(Application ERP\)/);
      expect(await general.innerText()).toMatch(/Instances\s+1/);
      const instances = page.getByRole('region', { name: 'Instances' });
      expect(
        await instances.getByRole('listitem').evaluateAll((li) => li.map((l) => l.ariaLabel)),
      ).toEqual(['Instance 1', 'Base de données']);
      expect(
        await page.getByRole('region', { name: 'Ressources', exact: true }).innerText(),
      ).toContain('Version du modèle');
      await page.getByRole('button', { name: 'Afficher les journaux' }).click();
      await page.getByLabel('Lignes des journaux').waitFor();
      expect(await jargonIn(page)).toEqual([]);
      await shoot(page, `app-wordpress-${theme}-${width}`);
    }
  }, 180_000);

  it('item 6: a Node.js page names its source and version, and shows no database', async () => {
    for (const { theme, width } of variants) {
      const page = await open(token, { theme, width });
      await visit(page, `/deployment/${codeId}`, detailReady('api-boutique'));
      const header = await page.locator('main header, main > div > div').first().innerText();
      expect(header).not.toContain('nuage-builds');
      const description = await page.getByText(/^Node\.js · /).innerText();
      expect(description).toContain('api-boutique');
      expect(description).toContain('branche main');
      expect(await page.getByRole('listitem', { name: 'Base de données' }).count()).toBe(0);
      const source = await page.getByRole('region', { name: 'Source', exact: true }).innerText();
      expect(source).toMatch(/Dépôt\s/);
      expect(source).toMatch(/Version 1 · commit [0-9a-f]{7} \(main\)/);
      const main = await page.locator('main').innerText();
      expect(main).not.toMatch(/nuage-builds\//);
      expect(main).not.toMatch(/Voir les logs/);
      expect(await jargonIn(page)).toEqual([]);
      // One wording for logs on the page: journaux (the build's own is « journal du build »).
      await page.getByRole('button', { name: 'Afficher le journal du build' }).first().waitFor();
      await shoot(page, `app-nodejs-${theme}-${width}`);
    }
  }, 180_000);

  it('item 7: the DNS and webhook cards say what the customer can do, never an operator setting', async () => {
    for (const { theme, width } of variants) {
      const page = await open(token, { theme, width });
      await visit(page, `/deployment/${wordpressId}`, (p) =>
        p.getByText(dnsTexts.introNoRecord('boutique.exemple.sn')).waitFor(),
      );
      const dns = await page.getByRole('region', { name: dnsTexts.title }).innerText();
      expect(dns).not.toContain("créez l'un de ces enregistrements");
      expect(dns).not.toMatch(/PUBLIC_IP|APPS_DOMAIN/);
      expect(await page.getByRole('region', { name: operatorSettingsTexts.title }).count()).toBe(0);
      await shoot(page, `dns-card-${theme}-${width}`);

      await visit(page, `/deployment/${codeId}`, detailReady('api-boutique'));
      const webhook = page.getByRole('region', { name: 'Déploiement automatique (webhook)' });
      await webhook.getByText(/pas encore joignable depuis Internet/).waitFor();
      expect(await webhook.innerText()).not.toContain('PUBLIC_URL');
    }
  }, 180_000);

  it('item 7: the wizard says what to do at the DNS provider, or that the domain can wait', async () => {
    for (const { theme, width } of variants) {
      const page = await open(token, { theme, width });
      await visit(page, `/deploy?environmentId=${envId}`, (p) =>
        p.getByRole('heading', { name: /^Étape 1 sur 5/ }).waitFor(),
      );
      await page.getByRole('radio', { name: /SaaS/ }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      // The preselected environment skips step 2.
      await page
        .getByRole('article', { name: 'WordPress' })
        .getByRole('button', { name: 'Choisir' })
        .click();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('heading', { name: /^Étape 4 sur 5/ }).waitFor();
      await page.getByLabel('Nom de domaine personnalisé (optionnel)').fill('vitrine.exemple.sn');
      const note = page.getByRole('note', { name: 'Configuration DNS du domaine' });
      await note.waitFor();
      expect(await note.innerText()).toContain(domainOwnershipTexts.wizardNoAddress);
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/wizard-domain-${theme}-${width}.png` });
    }
  }, 180_000);

  it('item 7: operators, and only them, are told which settings to complete', async () => {
    for (const { theme, width } of variants) {
      const page = await open(operatorToken, { theme, width });
      await visit(page, '/dashboard', (p) =>
        p.getByRole('region', { name: operatorSettingsTexts.title }).waitFor(),
      );
      const banner = await page
        .getByRole('region', { name: operatorSettingsTexts.title })
        .innerText();
      expect(banner).toContain('APPS_DOMAIN');
      expect(banner).toContain('PUBLIC_URL');
      await shoot(page, `operator-banner-${theme}-${width}`);
    }
    const customer = await open(token);
    await visit(customer, '/dashboard', (p) => p.getByRole('heading', { level: 1 }).waitFor());
    await customer.waitForTimeout(1000);
    expect(await customer.getByText(/APPS_DOMAIN|PUBLIC_URL/).count()).toBe(0);
  }, 120_000);

  it('item 8: builds and image downloads apart, each download naming its part', async () => {
    for (const { theme, width } of variants) {
      const page = await open(token, { theme, width });
      await visit(page, '/built-images', (p) =>
        p.getByRole('list', { name: builtImagesTexts.pullsList }).waitFor(),
      );
      const pulls = page.getByRole('list', { name: builtImagesTexts.pullsList });
      const names = await pulls
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map(
            (li) => document.getElementById(li.getAttribute('aria-labelledby')!)!.textContent,
          ),
        );
      expect(names).toEqual(
        expect.arrayContaining(['boutique · application', 'boutique · base de données']),
      );
      const builds = page.getByRole('list', { name: builtImagesTexts.buildsList });
      expect(await builds.getByRole('listitem').count()).toBe(1);
      expect(await builds.innerText()).toContain('api-boutique');
      expect(await builds.innerText()).not.toContain('boutique · ');
      // The statistics count the one code build, not the WordPress and MariaDB downloads.
      const stats = page.getByRole('list', { name: builtImagesTexts.buildsStats });
      expect(
        await stats.getByRole('listitem').evaluateAll((li) => li.map((l) => l.ariaLabel)),
      ).toEqual(['Succès : 1', 'Échecs : 0', 'En cours : 0', 'Taux de succès : 100 %']);
      await page.getByText(builtImagesTexts.buildsCount(1), { exact: true }).waitFor();
      await shoot(page, `images-${theme}-${width}`);
    }
  }, 120_000);

  it('item 10: the empty « Images » page offers a next step', async () => {
    for (const { theme, width } of variants) {
      const page = await open(emptyToken, { theme, width });
      await visit(page, '/built-images', (p) => p.getByText(builtImagesTexts.emptyTitle).waitFor());
      const next = page.getByRole('link', { name: builtImagesTexts.emptyAction });
      expect(await next.getAttribute('href')).toBe('/deploy');
      await shoot(page, `images-empty-${theme}-${width}`);
      if (theme === 'light' && width === 1280) {
        await next.click();
        await page.waitForURL('**/deploy');
      }
    }
  }, 120_000);

  it('the page checks catch jargon, raw ids and low contrast on any page, in either theme', async () => {
    takePageProblems();
    for (const theme of ['light', 'dark'] as const) {
      const page = await open(emptyToken, { theme });
      await visit(page, '/built-images', (p) => p.getByText(builtImagesTexts.emptyTitle).waitFor());
      await page.waitForTimeout(1000);
      expect(takePageProblems(), 'the empty Images page itself is clean').toEqual([]);
      // A screen that says « Pods », shows an id, and writes grey on grey.
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.textContent = 'Pods de 0b6f6d2e-9f8e-4c3b-a2a1-1c2d3e4f5a6b';
        p.style.color = '#999';
        p.style.background = '#aaa';
        const h2 = document.createElement('h2');
        h2.textContent = 'Écran de contrôle';
        document.querySelector('main')!.append(h2, p);
      });
      const seen: string[] = [];
      const collected = () => {
        seen.push(...takePageProblems());
        return seen.join('\n');
      };
      await expect.poll(collected, { timeout: 10_000 }).toContain('« Pods »');
      await expect
        .poll(collected, { timeout: 10_000 })
        .toContain('« 0b6f6d2e-9f8e-4c3b-a2a1-1c2d3e4f5a6b »');
      await page.evaluate(() => {
        const h2 = document.createElement('h2');
        h2.textContent = 'Écran de contrôle, suite';
        const p = document.createElement('p');
        p.textContent = 'Texte peu lisible';
        p.style.color = '#999';
        p.style.background = '#aaa';
        document.querySelector('main')!.append(h2, p);
      });
      await expect
        .poll(collected, { timeout: 10_000 })
        .toContain(`(thème ${theme === 'dark' ? 'sombre' : 'clair'}): contraste`);
      // Late answers of this page's checks are not the next page's.
      await page.close();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      seen.length = 0;
      takePageProblems();
    }
  }, 120_000);
});
