import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInContext } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, newContext, screenshot, screenshotsDir } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { startGitServer, type GitServer } from './support/git-server/git-server';

/**
 * The screens of code applications in both themes, on a desktop and on a 390 px phone, on the
 * simulation runtime (the repository is really read from a local Git server, nothing is built):
 * the wizard's Code configuration step (private repository, inline token form, build argument,
 * variable), the inline CODE form, a code application's page (source, builds with a log open,
 * releases, the promotion dialog, variables, webhook steps), a WordPress page's backups with its forms open, and the
 * project's Git tokens. Each must pass axe (no serious or critical violation: contrast included)
 * and stick out sideways nowhere.
 */
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TOKEN = 'jeton-lecture-seule';

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays intact.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  // The shell's header is not these screens' (and has its own test).
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: unknown): Promise<AxeResult> } }).axe.run({
      exclude: [['header']],
    }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** Opens `url` until `ready` (a lazy chunk load may be aborted by the container's network). */
async function visit(page: Page, url: string, ready: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(url);
    try {
      await ready();
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

const variants = [
  { theme: 'dark', width: 1280 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 390 },
] as const;

describe('code application screens in both themes', () => {
  let server: RunningServer;
  let git: GitServer;
  let browser: Browser;
  let token: string;
  let call: ApiCall;
  let envId: string;
  let projectId: string;
  let codeId: string;
  let wordpressId: string;
  let repoUrl: string;

  beforeAll(async () => {
    git = await startGitServer({ token: TOKEN });
    // A long name: the URL must wrap, not widen a phone's page.
    const repo = 'boutique-api-au-nom-assez-long-pour-deborder-un-telephone';
    git.createRepository(repo, {
      'package.json': JSON.stringify({ name: 'api', scripts: { start: 'node server.js' } }),
      'server.js': 'console.log("ok")',
    });
    repoUrl = git.url(repo);
    // A build's usage read every second: the simulated build (about a second) gets a graph.
    server = await startServer({
      GIT_ALLOW_PRIVATE_HOSTS: 'true',
      BUILD_METRICS_SAMPLE_SECONDS: '1',
    });
    token = await loginToken(server, await createAccount(server));
    call = apiClient(server, token);
    projectId = (
      await call<{ id: string }>('POST', '/projects/', {
        nom: 'Boutique Dakar',
        quota_cpu: 8,
        quota_ram: 16,
        quota_stockage: 100,
      })
    ).body.id;
    envId = (
      await call<{ id: string }>('POST', `/environments/${projectId}/environments`, {
        nom: 'Production',
        type: 'prod',
      })
    ).body.id;
    const gitToken = await call<{ id: string }>('POST', `/projects/${projectId}/git-tokens`, {
      nom: 'GitHub boutique',
      token: TOKEN,
    });
    const code = await call<{ id: string }>('POST', `/deployments/${envId}/deploy/code`, {
      nom: 'api-boutique',
      cpu: 0.5,
      ram: 0.5,
      replicas: 1,
      type_application: 'nodejs',
      git_branch: 'main',
      build_args: { NODE_ENV: 'production' },
      helm_chart_version: '1.0.0',
      repo_url: null,
      repository_access: { repository_url: repoUrl, git_token_id: gitToken.body.id },
      env_vars: [
        { name: 'DATABASE_URL', value: 'postgres://boutique@db/boutique', secret: true },
        { name: 'LOG_LEVEL', value: 'info', secret: false },
      ],
      port: 3000,
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    codeId = code.body.id;
    // The same repository in a second environment: where « Promouvoir » sends a release.
    const recette = await call<{ id: string }>('POST', `/environments/${projectId}/environments`, {
      nom: 'Recette',
      type: 'staging',
    });
    const twin = await call('POST', `/deployments/${recette.body.id}/deploy/code`, {
      nom: 'api-boutique-recette',
      cpu: 0.5,
      ram: 0.5,
      replicas: 1,
      type_application: 'nodejs',
      git_branch: 'main',
      build_args: {},
      helm_chart_version: '1.0.0',
      repo_url: null,
      repository_access: { repository_url: repoUrl, git_token_id: gitToken.body.id },
      port: 3000,
    });
    expect(twin.status, JSON.stringify(twin.body)).toBe(201);
    const wordpress = await call<{ id: string }>('POST', `/deployments/${envId}/deploy/erp`, {
      nom: 'Site vitrine',
      type_application: 'wordpress',
      cpu: 0.5,
      ram: 1,
      storage: 1,
      replicas: 1,
      helm_chart_version: '1.0.0',
    });
    expect(wordpress.status, JSON.stringify(wordpress.body)).toBe(201);
    wordpressId = wordpress.body.id;
    await pollUntil(
      'WordPress running',
      () => call<{ statut_deploiement: string }>('GET', `/deployments/deployment/${wordpressId}`),
      (r) => r.body.statut_deploiement === 'RUNNING',
    );
    expect((await call('POST', `/deployments/${wordpressId}/backups`)).status).toBe(202);
    await pollUntil(
      'the backup',
      () =>
        call<{ sauvegardes: { statut: string }[] }>('GET', `/deployments/${wordpressId}/backups`),
      (r) => r.body.sauvegardes[0]?.statut === 'success',
    );
    // The code application's first release, so the page shows builds and versions.
    await pollUntil(
      'the first release',
      () => call<{ current_release: unknown }>('GET', `/deployments/deployment/${codeId}`),
      (r) => r.body.current_release !== null,
    );
    expect((await call('POST', `/deployments/${codeId}/webhook/secret`)).status).toBe(200);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await git?.close();
  });

  for (const { theme, width } of variants) {
    it(`passes axe and fits the screen, ${theme} theme at ${width} px`, async () => {
      const context = await newContext(browser, server.url, {
        width,
        height: 844,
        colorScheme: theme,
      });
      await signInContext(context, server.url, token);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const problems: string[] = [];
      const check = async (name: string) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) problems.push(`${name}: ${overflow} px wider than the screen`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${name}: ${v}`);
        await screenshot(page, `code-screens-${name}-${theme}-${width}`);
      };

      // The wizard's Code configuration, every optional block open.
      await visit(page, `/deploy?environmentId=${envId}`, () =>
        page.getByRole('heading', { name: /^Étape 1 sur 5/ }).waitFor(),
      );
      await page.getByRole('radio', { name: /Code/ }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page
        .getByRole('article', { name: 'Node.js' })
        .getByRole('button', { name: 'Choisir' })
        .click();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('heading', { name: /^Étape 4 sur 5/ }).waitFor();
      await page.getByLabel("Nom de l'application").fill('api-assistant');
      await page.getByLabel('URL du dépôt').fill(repoUrl);
      await page.getByLabel(/Privé/).check();
      await page.getByLabel('Token Git').selectOption({ label: 'GitHub boutique' });
      await page.getByRole('button', { name: 'Ajouter un token' }).click();
      // Each new row is named before the next click: leaving an empty one shows its error,
      // which moves the buttons below it under the pointer.
      await page.getByRole('button', { name: 'Ajouter une variable' }).click();
      await page.getByLabel('Nom de la variable 1').fill('API_KEY');
      await page.getByRole('button', { name: 'Ajouter un argument' }).click();
      await page.getByLabel("Nom de l'argument 1").fill('VITE_API_URL');
      await check('wizard-code-configuration');

      // The inline CODE form with a private repository.
      await visit(page, `/deployments/${envId}`, () =>
        page.getByRole('button', { name: /Déploiement rapide/ }).click(),
      );
      await page.getByLabel('Type').selectOption('CODE');
      await page.getByLabel('Accès au dépôt').selectOption('private');
      await page.getByLabel('Token Git').waitFor();
      await check('inline-code-form');

      // The code application's page: a build's log open, GitLab's webhook steps.
      await visit(page, `/deployment/${codeId}`, () =>
        page.getByRole('region', { name: 'Versions' }).getByText('Version en ligne').waitFor(),
      );
      await page.getByRole('button', { name: 'Afficher le journal du build' }).first().click();
      await page
        .getByRole('log', { name: 'Journal du build' })
        .filter({ hasText: /Simulation/ })
        .waitFor();
      // Its resource graph: CPU and memory, simulated values said so, the peaks.
      const usage = page.getByRole('region', { name: 'Ressources du build' }).first();
      await usage.getByRole('img', { name: /^Processeur du build : pic de \d+/ }).waitFor();
      await usage.getByRole('img', { name: /^Mémoire du build : pic de \d+/ }).waitFor();
      await usage.getByText(/^Pic : [\d\s\u202f]+ millicœurs · [\d\s\u202f]+ Mo$/).waitFor();
      await usage.getByText('simulé', { exact: true }).waitFor();
      await page.locator('canvas').first().waitFor();
      if (process.env.E2E_SCREENSHOTS !== '0') {
        // The build's entry cut from the whole page (scrolled to the top: the sticky header
        // would otherwise cover the entry's first line on a phone).
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await page
          .getByRole('listitem', { name: /^Build n° / })
          .first()
          .boundingBox();
        await page.screenshot({
          path: path.join(screenshotsDir, `build-entry-graph-${theme}-${width}.png`),
          fullPage: true,
          clip: box!,
        });
      }
      await page.getByRole('tab', { name: 'GitLab' }).click();
      await check('code-application');
      // « Promouvoir » a release to the same repository's application in Recette.
      await page
        .getByRole('listitem', { name: 'Version 1' })
        .getByRole('button', { name: 'Promouvoir' })
        .click();
      const promotion = page.getByRole('dialog', {
        name: 'Promouvoir cette version vers un autre environnement',
      });
      await promotion.getByRole('radio', { name: /api-boutique-recette/ }).waitFor();
      await check('promote-release');
      await page.keyboard.press('Escape');
      await promotion.waitFor({ state: 'detached' });

      // The WordPress page's backups, schedule and S3 destination open.
      await visit(page, `/deployment/${wordpressId}`, () =>
        page.getByRole('button', { name: 'Restaurer' }).first().waitFor(),
      );
      for (const summary of await page.locator('details > summary').all()) await summary.click();
      await check('wordpress-backups');

      // The project's page and its Git tokens.
      await visit(page, `/projects/${projectId}`, () =>
        page.getByText('GitHub boutique').first().waitFor(),
      );
      await check('project-git-tokens');

      await context.close();
      expect(problems).toEqual([]);
      // axe over five long pages takes a while on a loaded machine.
    }, 300_000);
  }
});
