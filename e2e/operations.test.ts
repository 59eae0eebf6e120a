import { priceResources, toXof } from '@nuage/shared/pricing';
import type { Bill } from '@nuage/shared/billing-types';
import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createAccount, newAccount, type Account, signInContext } from './helpers/accounts';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The operations screens in Chromium on the simulation runtime: an application's life on its
 * detail page (scale, restart, logs, delete), the dashboard's counts and costs for a seeded
 * data set, the built images list. Data is seeded through the API.
 */

type Json = Record<string, unknown>;

async function call<T = Json>(
  server: RunningServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as T;
  if (!res.ok)
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(payload)}`);
  return payload;
}

async function tokenOf(server: RunningServer, account: Account): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, mot_de_passe: account.password }),
  });
  return String(((await res.json()) as Json).access_token);
}

interface AppSeed {
  nom: string;
  template: 'wordpress' | 'odoo';
  cpu: number;
  ram: number;
  storage: number;
  replicas: number;
  tag?: string;
}

async function seedProject(
  server: RunningServer,
  token: string,
  project: { nom: string; quota_cpu: number; quota_ram: number; quota_stockage: number },
  environments: { nom: string; type: string; apps: AppSeed[] }[],
) {
  const p = await call<{ id: string }>(server, token, 'POST', '/projects/', {
    ...project,
    description: null,
  });
  const envIds: string[] = [];
  for (const env of environments) {
    const e = await call<{ id: string }>(
      server,
      token,
      'POST',
      `/environments/${p.id}/environments`,
      {
        nom: env.nom,
        type: env.type,
      },
    );
    envIds.push(e.id);
    for (const a of env.apps) {
      await call(server, token, 'POST', `/deployments/${e.id}/deploy/erp`, {
        nom: a.nom,
        cpu: a.cpu,
        ram: a.ram,
        storage: a.storage,
        replicas: a.replicas,
        type_application: a.template,
        ...(a.tag ? { image_tag: a.tag } : {}),
      });
    }
  }
  return { id: p.id, envIds };
}

/** Polls until `check` holds (the engine converges in the background). */
async function until<T>(
  what: string,
  read: () => Promise<T>,
  check: (v: T) => boolean,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached in ${ms} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
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

const xof = (amount: number) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(amount)} XOF`;

const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
] as const;

describe('operations screens in Chromium (simulation runtime)', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function open(token: string, opts: { theme?: 'light' | 'dark'; width?: number } = {}) {
    const context = await newContext(browser, server.url, {
      colorScheme: opts.theme ?? 'light',
      width: opts.width ?? 1280,
      height: opts.width === 360 ? 740 : 800,
    });
    contexts.push(context);
    await signInContext(context, server.url, token);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** The page at `path` in both themes at 1280 and 360 px, once `ready` is on screen. */
  async function shootAll(
    token: string,
    name: string,
    path: string,
    ready: (p: Page) => Promise<unknown>,
  ) {
    for (const { theme, width } of variants) {
      const page = await variantPage(token, theme, width);
      await visit(page, path, ready);
      await screenshot(page, `operations-${name}-${theme}-${width}`);
      // Nothing left running (polling) in the background until the next shot reloads it.
      await page.goto('about:blank');
    }
  }

  /**
   * One page per account and variant, kept from shot to shot: each shot loads the screen anew,
   * without a new context's cold cache and sign-in.
   */
  const variantPages = new Map<string, Page>();
  async function variantPage(token: string, theme: 'light' | 'dark', width: number) {
    const key = `${token}-${theme}-${width}`;
    let page = variantPages.get(key);
    if (!page) {
      page = await open(token, { theme, width });
      variantPages.set(key, page);
    }
    return page;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('deploy → detail → scale to 2 → restart → logs → delete → gone from the environment', async () => {
    const account = await createAccount(server, newAccount());
    const token = await tokenOf(server, account);
    const { id: projectId, envIds } = await seedProject(
      server,
      token,
      { nom: 'Boutique Dakar', quota_cpu: 4, quota_ram: 8, quota_stockage: 100 },
      [
        {
          nom: 'production',
          type: 'prod',
          apps: [
            { nom: 'boutique', template: 'wordpress', cpu: 0.5, ram: 1, storage: 10, replicas: 1 },
          ],
        },
      ],
    );
    const envId = envIds[0]!;
    const [app] = await call<{ id: string }[]>(
      server,
      token,
      'GET',
      `/deployments/${envId}/deployments`,
    );
    const detailPath = `/deployment/${app!.id}`;

    const page = await open(token);
    onTestFailed(async () => {
      await screenshot(page, 'operations-failure-lifecycle').catch(() => {});
    });
    const pods = page.getByRole('region', { name: 'Instances' });
    /** The application's instances (the database is listed apart), their pod names in tooltips. */
    const appPods = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[aria-label="Liste des instances"] > li'))
          .filter((li) => li.getAttribute('aria-label')?.startsWith('Instance '))
          .map((li) => ({
            name: li.getAttribute('title') ?? '',
            running: li.textContent?.includes('En cours d’exécution') ?? false,
          })),
      );
    const appPodsRunning = (n: number, notNamed: string[] = []) =>
      page.waitForFunction(
        ({ n, notNamed }) => {
          const pods = Array.from(
            document.querySelectorAll('[aria-label="Liste des instances"] > li'),
          )
            .filter((li) => li.getAttribute('aria-label')?.startsWith('Instance '))
            .map((li) => ({
              name: li.getAttribute('title') ?? '',
              running: li.textContent?.includes('En cours d’exécution') ?? false,
            }));
          return pods.length === n && pods.every((p) => p.running && !notNamed.includes(p.name));
        },
        { n, notNamed },
        { timeout: 20_000 },
      );

    // The detail page, which follows the simulated pods until they run.
    await visit(page, detailPath, (p) =>
      p.getByRole('heading', { level: 1, name: 'boutique' }).waitFor(),
    );
    await appPodsRunning(1);
    const general = page.getByRole('region', { name: 'Informations générales' });
    expect(await general.innerText()).toContain('WordPress');
    expect(await general.innerText()).toContain('N/A (Application ERP)');
    expect(await general.getByRole('link', { name: /\/simulation\// }).getAttribute('href')).toBe(
      `${server.url}/simulation/${app!.id}`,
    );
    await shootAll(token, 'deployment-detail', detailPath, (p) =>
      p.getByRole('region', { name: 'Instances' }).getByText('1 / 1 instance en marche').waitFor(),
    );

    // Scale to 2: minus is disabled at 1; plus; two Running application pods, both simulated.
    const actions = page.getByRole('region', { name: 'Actions' });
    expect(await actions.getByRole('button', { name: 'Retirer une instance' }).isDisabled()).toBe(
      true,
    );
    await actions.getByRole('button', { name: 'Ajouter une instance' }).click();
    await page
      .locator('[role="status"]')
      .getByText("Mise à l'échelle demandée : 2 instances")
      .waitFor();
    await appPodsRunning(2);
    await pods.getByText('2 / 2 instances en marche').waitFor();
    const scaledNames = (await appPods()).map((p) => p.name);
    expect(scaledNames).toHaveLength(2);
    for (const name of scaledNames) expect(name).toContain('simule');
    expect(await actions.getByLabel('Nombre d’instances').innerText()).toBe('2');
    expect(await actions.getByRole('button', { name: 'Retirer une instance' }).isDisabled()).toBe(
      false,
    );
    await screenshot(page, 'operations-deployment-scaled-light-1280');

    // Restart: new application pods (new names) that run again.
    await actions.getByRole('button', { name: /Redémarrer/ }).click();
    await page.locator('[role="status"]').getByText('Redémarrage demandé').waitFor();
    await appPodsRunning(2, scaledNames);
    expect(
      await page.getByRole('region', { name: 'Historique', exact: true }).innerText(),
    ).toContain('Redémarrage effectué');

    // Logs: the panel shows the simulated lines.
    await page.getByRole('button', { name: 'Afficher les journaux' }).click();
    const logs = page.getByTestId('logs-view');
    await logs.getByText('[simulation]').first().waitFor();
    expect(await logs.innerText()).toContain('[simulation]');
    await page.getByText('Suivi en direct des nouvelles lignes').waitFor();
    await screenshot(page, 'operations-deployment-logs-light-1280');

    // The project's applications page lists it (and is shot before the delete).
    await shootAll(token, 'project-applications', `/project/${projectId}/applications`, (p) =>
      p.getByRole('article', { name: 'boutique' }).waitFor(),
    );

    // Delete with confirmation: back on the environment page, where it disappears.
    await actions.getByRole('button', { name: /Supprimer/ }).click();
    const dialog = page.getByRole('dialog', { name: "Supprimer l'application" });
    await dialog.getByText('Cette action est irréversible.').waitFor();
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.waitForURL(`**/deployments/${envId}`);
    await page.getByRole('heading', { level: 1, name: 'production' }).waitFor();
    await page
      .getByRole('article', { name: 'boutique' })
      .waitFor({ state: 'detached', timeout: 20_000 });
    await until(
      'deployment removed',
      () =>
        fetch(`${server.url}/api/v1/deployments/deployment/${app!.id}`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((r) => r.status),
      (status) => status === 404,
    );
    // And the detail page now says it is gone.
    await visit(page, detailPath, (p) =>
      p.getByRole('heading', { name: 'Déploiement non trouvé' }).waitFor(),
    );
    await shootAll(token, 'deployment-not-found', detailPath, (p) =>
      p.getByRole('heading', { name: 'Déploiement non trouvé' }).waitFor(),
    );
  });

  describe('with a seeded data set', () => {
    let token: string;
    const projectA = { nom: 'Boutique Dakar', quota_cpu: 4, quota_ram: 8, quota_stockage: 100 };
    const projectB = { nom: 'Cabinet Thiès', quota_cpu: 2, quota_ram: 4, quota_stockage: 50 };
    const appsA: AppSeed[] = [
      { nom: 'site', template: 'wordpress', cpu: 0.5, ram: 1, storage: 10, replicas: 1 },
      { nom: 'erp', template: 'odoo', cpu: 1, ram: 2, storage: 20, replicas: 2 },
      { nom: 'blog', template: 'wordpress', cpu: 0.5, ram: 0.5, storage: 5, replicas: 1 },
    ];
    const appsB: AppSeed[] = [
      { nom: 'vitrine', template: 'wordpress', cpu: 0.5, ram: 0.5, storage: 5, replicas: 1 },
      { nom: 'compta', template: 'odoo', cpu: 1, ram: 2, storage: 10, replicas: 1 },
      // An image the simulation fails to pull: FAILED, so not active (but still reserved and billed).
      {
        nom: 'casse',
        template: 'wordpress',
        cpu: 0.5,
        ram: 0.5,
        storage: 5,
        replicas: 1,
        // Only catalogue images are accepted (issue 16): a tag that does not exist.
        tag: '6.4-introuvable',
      },
    ];

    beforeAll(async () => {
      const account = await createAccount(server, newAccount({ prenom: 'Moussa', nom: 'Fall' }));
      token = await tokenOf(server, account);
      await seedProject(server, token, projectA, [
        { nom: 'production', type: 'prod', apps: appsA },
        { nom: 'staging', type: 'staging', apps: [] },
      ]);
      await seedProject(server, token, projectB, [{ nom: 'dev', type: 'dev', apps: appsB }]);
      await until(
        'the engine settles the seeded applications',
        () => call<DashboardResponse>(server, token, 'GET', '/dashboard'),
        (d) => {
          const apps = d.projects.flatMap((p) => p.environments.flatMap((e) => e.applications));
          return (
            d.totals.active_applications === 5 &&
            apps.some((a) => a.nom === 'casse' && a.statut_deploiement === 'FAILED')
          );
        },
      );
    });

    it('the dashboard shows the right counts, costs, usage and graphs, in at most 4 requests', async () => {
      // Expected costs, worked from the pricing model: each application priced on its own.
      const base = (apps: AppSeed[]) =>
        apps.reduce(
          (s, a) =>
            s +
            priceResources({ cpu: a.cpu, ram: a.ram, storage: a.storage, replicas: a.replicas })
              .monthly,
          0,
        );
      const baseA = base(appsA);
      const baseB = base(appsB);
      const monthly = toXof(baseA + baseB);
      const yearly = toXof((baseA + baseB) * 12);

      const page = await open(token);
      onTestFailed(async () => {
        await screenshot(page, 'operations-failure-dashboard').catch(() => {});
      });
      const requests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(new URL(r.url()).pathname);
      });
      await visit(page, '/dashboard', (p) => p.getByTestId('dashboard-ready').waitFor());
      // With its graphs (issue 28): their one read, once the page has been drawn.
      const graphs = page.getByRole('region', { name: 'Ressources utilisées' });
      await graphs
        .getByText(/^Processeur \(millicœurs\)$|^Aucune mesure pour le moment/)
        .first()
        .waitFor();
      expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(4);
      // The figures without the status page's tree (issue 32).
      expect(requests.filter((r) => r === '/api/v1/dashboard/summary')).toHaveLength(1);
      expect(requests).not.toContain('/api/v1/dashboard');
      expect(requests.filter((r) => r === '/api/v1/dashboard/metrics/history')).toHaveLength(1);

      const overview = page.getByRole('region', { name: "Vue d'ensemble" });
      const count = (label: string) =>
        overview
          .locator('dt', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::dd[1]')
          .innerText();
      expect(await count('Projets')).toBe('2');
      expect(await count('Environnements')).toBe('3');
      expect(await count('Applications')).toBe('6');
      expect(await count('Applications actives')).toBe('5');

      // The month's story (issue 33): the billing card's figures, the applications' rate in details.
      const costs = page.getByRole('region', { name: 'Coûts du mois' });
      const bill = await call<Bill>(server, token, 'GET', '/billing');
      expect(await costs.getByTestId('cost-plan').innerText()).toContain(xof(12_500));
      expect(await costs.getByTestId('cost-projected').innerText()).toContain(
        xof(bill.projected_xof),
      );
      await costs.getByRole('button', { name: 'Voir les détails' }).click();
      const details = page.getByRole('dialog');
      expect(await details.innerText()).toContain(xof(monthly));
      expect(await details.innerText()).toContain(xof(yearly));
      await details.getByRole('button', { name: 'Fermer' }).first().click();
      expect(await costs.innerText()).toContain('Pas encore de mois précédent pour comparer');
      const top =
        baseA >= baseB ? { nom: projectA.nom, base: baseA } : { nom: projectB.nom, base: baseB };
      expect(await costs.innerText()).toContain(`${top.nom} (${xof(toXof(top.base))})`);

      // SPEC §9 bars over the 5 active applications: 4.5 of 6 cores, 8 of 12 GB,
      // 5 × 5 GB of 150 GB, 5 × 15 % bandwidth.
      const bar = (name: string) =>
        page.getByRole('progressbar', { name, exact: true }).getAttribute('aria-valuenow');
      expect(await bar('CPU')).toBe('75');
      expect(await bar('RAM')).toBe('66.7');
      expect(await bar('Stockage')).toBe('16.7');
      expect(await bar('Bande passante (estimation)')).toBe('75');

      await costs.getByRole('button', { name: 'Voir les détails' }).click();
      const modal = page.getByRole('dialog', { name: 'Détail des coûts par projet' });
      const itemA = modal.getByRole('listitem', { name: projectA.nom });
      expect(await itemA.innerText()).toContain(xof(toXof(baseA)));
      const resourcesA = appsA.reduce(
        (s, a) =>
          s +
          priceResources({ cpu: a.cpu, ram: a.ram, storage: a.storage, replicas: a.replicas })
            .resources,
        0,
      );
      expect(await itemA.innerText()).toContain(xof(toXof(resourcesA)));
      // 0.5 + 2 + 0.5 cores reserved in project A, at 20 base units per core.
      expect(await itemA.getByRole('row', { name: /CPU/ }).innerText()).toContain('3 cores');
      expect(await itemA.getByRole('row', { name: /CPU/ }).innerText()).toContain(
        xof(toXof(3 * 20)),
      );
      await screenshot(page, 'operations-dashboard-costs-modal-light-1280');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /Actualiser/ }).click();
      await page.locator('[role="status"]').getByText('Dashboard actualisé').waitFor();

      await shootAll(token, 'dashboard', '/dashboard', (p) =>
        p.getByTestId('dashboard-ready').waitFor(),
      );
    });

    it('the status page shows every project, environment and application', async () => {
      const page = await open(token);
      const requests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(new URL(r.url()).pathname);
      });
      await visit(page, '/status', (p) => p.getByTestId('status-ready').waitFor());
      expect(requests.length).toBeLessThanOrEqual(4);
      const totals = await page.getByRole('region', { name: 'Totaux' }).innerText();
      expect(totals).toMatch(/Applications\s+6/);
      expect(totals).toMatch(/Actives\s+5/);
      expect(totals).toMatch(/En échec\s+1/);
      const cabinet = page.getByRole('region', { name: projectB.nom });
      expect(await cabinet.getByRole('listitem', { name: 'casse' }).innerText()).toContain('Échec');
      await cabinet.getByRole('button', { name: 'Actualiser casse' }).click();
      await shootAll(token, 'status', '/status', (p) => p.getByTestId('status-ready').waitFor());
    });

    it('the built images page lists the template downloads apart from builds, and paginates', async () => {
      const pulls = await call<{ pagination: { total: number } }>(
        server,
        token,
        'GET',
        '/standalone-builds/images?kind=pull&limit=1',
      );
      const total = pulls.pagination.total;
      // Two images (application and database) per application, none of them a build.
      expect(total).toBeGreaterThanOrEqual(12);
      const failedPulls = await call<{ pagination: { total: number } }>(
        server,
        token,
        'GET',
        '/standalone-builds/images?kind=pull&status_filter=failed&limit=1',
      );
      expect(failedPulls.pagination.total).toBeGreaterThanOrEqual(1);

      const page = await open(token);
      const downloads = page.getByRole('region', { name: 'Images téléchargées' });
      const rows = page.getByRole('list', { name: 'Images téléchargées' }).getByRole('listitem');
      await visit(page, '/built-images', () => downloads.getByText(`1–10 sur ${total}`).waitFor());
      expect(await rows.count()).toBe(10);
      // Downloads are not builds: the build statistics stay at zero.
      expect(await page.getByRole('listitem', { name: 'Échecs : 0' }).count()).toBe(1);
      const texts = await rows.allInnerTexts();
      await downloads.getByRole('button', { name: /Suivant/ }).click();
      await downloads.getByText(`11–${Math.min(20, total)} sur ${total}`).waitFor();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[aria-label="Images téléchargées"] > li').length === n,
        Math.min(10, total - 10),
      );
      texts.push(...(await rows.allInnerTexts()));
      const failed = texts.filter((text) => text.includes('Échoué'));
      expect(failed.length).toBeGreaterThanOrEqual(1);
      for (const text of failed) expect(text).toContain('introuvable');
      // Each download says which part of its application it is.
      for (const text of texts) expect(text).toMatch(/ · (application|base de données)/);
      await shootAll(token, 'built-images', '/built-images', (p) =>
        p
          .getByRole('region', { name: 'Images téléchargées' })
          .getByText(`1–10 sur ${total}`)
          .waitFor(),
      );
    });
  });
});
