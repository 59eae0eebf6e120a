// Issue 33 items 1, 5 and 10 in Chromium: one price story on the project page, the dashboard
// and the billing card; « Choisir Pro » asks first; a new production application's backups
// show their final schedule from the first view; the wizard's honest recommendation and
// template cards; the resend countdown's contrast; « votre site est en ligne » by mail.
import type { Bill } from '@nuage/shared/billing-types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount, type Account } from './helpers/accounts';
import { apiClient, loginToken, pollUntil, type ApiCall } from './helpers/api';
import { launchBrowser, openPage, screenshot, screenshotsDir } from './helpers/browser';
import { readOutbox, waitForMail } from './helpers/outbox';
import { startServer, type RunningServer } from './helpers/server';

const themes = ['light', 'dark'] as const;
const widths = [1280, 390] as const;
const plain = (s: string) => s.replace(/\s+/g, ' ').trim();
/** « 12 500 XOF » → 12500 (fr-FR groups with narrow no-break spaces). */
const amountIn = (text: string) =>
  Number(/([\d\s\u202f\u00a0]+) XOF/.exec(text)![1]!.replace(/\D/g, ''));

/** Opens `path` and waits for `ready`; a load Chromium aborted is retried (see customer-clarity). */
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

/**
 * The WCAG contrast of an element's text over what is behind it: its colour, faded by the
 * opacity of it and its ancestors, over the first opaque background found going up.
 */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => {
    const rgba = (css: string) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255] as const;
    };
    let opacity = 1;
    let background: readonly [number, number, number, number] | null = null;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      const bg = rgba(style.backgroundColor);
      if (!background && bg[3] === 1) background = bg;
    }
    const bg = background ?? ([255, 255, 255, 1] as const);
    const fg = rgba(getComputedStyle(el).color);
    const alpha = fg[3] * opacity;
    const mixed = [0, 1, 2].map((i) => fg[i]! * alpha + bg[i]! * (1 - alpha));
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [l1, l2] = [luminance(mixed), luminance([bg[0], bg[1], bg[2]])].sort((a, b) => b - a);
    return (l1! + 0.05) / (l2! + 0.05);
  });
}

describe('issue 33 (items 1, 5, 10) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Account;
  let ownerToken: string;
  let api: ApiCall;
  let projectId: string;
  let prodId: string;
  const contexts: BrowserContext[] = [];

  /** Signed in as the owner unless another token is given; `token: ''` opens signed out. */
  const open = (opts: { theme?: 'light' | 'dark'; width?: number; token?: string } = {}) =>
    openPage(browser, server.url, contexts, { ...opts, token: opts.token ?? ownerToken });

  const deploy = (envId: string, nom: string) =>
    api<{ id: string }>('POST', `/deployments/${envId}/deploy/erp`, {
      nom,
      cpu: 0.5,
      ram: 1,
      storage: 10,
      replicas: 1,
      type_application: 'wordpress',
    });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = await createAccount(server, newAccount({ prenom: 'Awa', nom: 'Ndiaye' }));
    ownerToken = await loginToken(server, owner);
    api = apiClient(server, ownerToken);
    const project = await api<{ id: string }>('POST', '/projects/', {
      nom: 'Boutique Dakar',
      quota_cpu: 4,
      quota_ram: 8,
      quota_stockage: 100,
    });
    projectId = project.body.id;
    const env = await api<{ id: string }>('POST', `/environments/${projectId}/environments`, {
      nom: 'production',
      type: 'prod',
    });
    prodId = env.body.id;
    const app = await deploy(prodId, 'vitrine');
    expect(app.status, JSON.stringify(app.body)).toBe(201);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  /** The three figures of a page's price story, by their labels and amounts. */
  async function story(page: Page) {
    const figure = async (id: string) => {
      const text = plain(await page.getByTestId(`cost-${id}`).first().innerText());
      return { text, amount: amountIn(text) };
    };
    return {
      plan: await figure('plan'),
      consumed: await figure('consumed'),
      projected: await figure('projected'),
    };
  }

  it('item 1: the project page, the dashboard and the billing card tell one price story, each figure labelled', async () => {
    const bill = (await api<Bill>('GET', '/billing')).body;
    for (const theme of themes) {
      for (const width of widths) {
        const project = await open({ theme, width });
        await visit(project, `/projects/${projectId}`, (p) =>
          p.getByTestId('cost-full-quota').waitFor(),
        );
        const onProject = await story(project);
        const quota = plain(await project.getByTestId('cost-full-quota').innerText());
        await project.getByRole('region', { name: 'Coûts du projet' }).screenshot({
          path: `${screenshotsDir}/issue33-project-costs-card-${theme}-${width}.png`,
        });
        await screenshot(project, `issue33-project-costs-${theme}-${width}`);

        const dashboard = await open({ theme, width });
        await visit(dashboard, '/dashboard', (p) => p.getByTestId('cost-projected').waitFor());
        const onDashboard = await story(dashboard);
        await dashboard.getByRole('region', { name: 'Coûts du mois' }).screenshot({
          path: `${screenshotsDir}/issue33-dashboard-costs-card-${theme}-${width}.png`,
        });
        await screenshot(dashboard, `issue33-dashboard-costs-${theme}-${width}`);

        const profile = await open({ theme, width });
        await visit(profile, '/profile#facturation', (p) =>
          p.getByTestId('cost-projected').waitFor(),
        );
        const onBilling = await story(profile);
        await profile
          .getByRole('region', { name: 'Facturation' })
          .screenshot({ path: `${screenshotsDir}/issue33-billing-card-${theme}-${width}.png` });

        // The plan's fixed price, said alike on the three pages.
        for (const s of [onProject, onDashboard, onBilling]) {
          expect(s.plan.text).toContain('Offre Découverte : prix fixe');
          expect(s.plan.amount).toBe(12_500);
        }
        // This month's consumption so far: one project, so the same figure on the three pages
        // (a franc apart at most: the seconds between the page loads count too).
        expect(onDashboard.consumed.text).toMatch(/^Consommation de \S+ à ce jour/);
        expect(onBilling.consumed.text).toMatch(/^Consommation de \S+ à ce jour/);
        expect(onProject.consumed.text).toMatch(/^Ce projet en \S+, à ce jour/);
        const consumed = [onProject, onDashboard, onBilling].map((s) => s.consumed.amount);
        expect(Math.max(...consumed) - Math.min(...consumed)).toBeLessThanOrEqual(1);
        expect(consumed[2]).toBeGreaterThanOrEqual(bill.resources_consumed_xof);
        // The projection: the plan plus the resources to the month's end, the project's share.
        expect(onDashboard.projected.amount).toBe(bill.projected_xof);
        expect(onBilling.projected.amount).toBe(bill.projected_xof);
        expect(onProject.projected.amount).toBe(bill.resources_projected_xof);
        expect(onProject.plan.amount + onProject.projected.amount).toBe(bill.projected_xof);
        // The full quota's price on the project page only, said to be a ceiling, not the bill.
        expect(quota).toContain('Si tout le quota était utilisé');
        expect(quota).toContain('pas votre facture');
        expect(amountIn(quota)).toBeGreaterThan(bill.projected_xof);
        expect(await project.getByText('Prix du quota complet').count()).toBe(0);
        expect(await dashboard.getByTestId('cost-full-quota').count()).toBe(0);
        await Promise.all([project, dashboard, profile].map((p) => p.context().close()));
      }
    }
  }, 300_000);

  it('item 1: « Choisir Pro » asks first, saying the price, the limits and from when', async () => {
    for (const theme of themes) {
      for (const width of widths) {
        const page = await open({ theme, width });
        await visit(page, '/profile#facturation', (p) =>
          p.getByRole('button', { name: 'Choisir Pro' }).waitFor(),
        );
        const before = (await api<Bill>('GET', '/billing')).body;
        await page.getByRole('button', { name: 'Choisir Pro' }).click();
        const dialog = page.getByRole('dialog', { name: 'Passer à l’offre Pro ?' });
        await dialog.waitFor();
        const said = plain(await dialog.innerText());
        expect(said).toContain('12 500 XOF / mois → 32 000 XOF / mois');
        expect(said).toContain('2 projets au maximum → 10 projets au maximum');
        expect(said).toContain('À partir de maintenant');
        expect(said).toMatch(
          /projection fin de mois passe de [\d\s\u202f]+ XOF à [\d\s\u202f]+ XOF/,
        );
        await screenshot(page, `issue33-plan-confirm-${theme}-${width}`);
        // Nothing changed yet; « Annuler » leaves the plan as it was.
        expect((await api<Bill>('GET', '/billing')).body.plan.id).toBe('decouverte');
        await dialog.getByRole('button', { name: 'Annuler' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect((await api<Bill>('GET', '/billing')).body.plan.id).toBe('decouverte');
        if (theme === 'dark' && width === 390) {
          await page.getByRole('button', { name: 'Choisir Pro' }).click();
          await dialog.getByRole('button', { name: 'Passer à l’offre Pro' }).click();
          await page.getByText('Vous êtes maintenant sur l’offre Pro.').waitFor();
          const after = (await api<Bill>('GET', '/billing')).body;
          expect(after.plan.id).toBe('pro');
          expect(after.projected_xof).toBe(before.projected_xof - 12_500 + 32_000);
          const back = await api('PUT', '/billing/plan', { plan: 'decouverte' });
          expect(back.status).toBe(200);
        }
        await page.context().close();
      }
    }
  }, 180_000);

  it('item 5: a new production application shows its final backup schedule from the first view', async () => {
    const created = await deploy(prodId, 'boutique-neuve');
    expect(created.status).toBe(201);
    const page = await open();
    // Every description the card ever shows, from the first one.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document
          .getElementById('backups-title')
          ?.closest('[role="region"]')?.textContent;
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await visit(page, `/deployment/${created.body.id}`, (p) =>
      p
        .getByRole('region', { name: 'Sauvegardes' })
        .getByText(/Quotidiennes|désactivées/)
        .waitFor(),
    );
    const card = page.getByRole('region', { name: 'Sauvegardes' });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.join(' | ')).not.toContain('Sauvegardes automatiques désactivées');
    expect(plain(await card.innerText())).toContain('Quotidiennes, 7 conservées');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'issue33-backups-first-view');

    // « Planification » saved with only the retention changed: backups stay on.
    const form = page.getByRole('form', { name: 'Planification' });
    await card.locator('summary', { hasText: 'Planification' }).click();
    await form.getByLabel('Sauvegardes conservées').fill('5');
    await form.getByRole('button', { name: 'Enregistrer la planification' }).click();
    await page.getByText('Planification enregistrée').waitFor();
    const saved = await api<{ planification: { actif: boolean; conservation_nombre: number } }>(
      'GET',
      `/deployments/${created.body.id}/backups`,
    );
    expect(saved.body.planification).toMatchObject({ actif: true, conservation_nombre: 5 });
  }, 90_000);

  it('item 10: the wizard says its recommendation is an assumption, and its cards show no Docker image', async () => {
    for (const theme of themes) {
      for (const width of widths) {
        const page = await open({ theme, width });
        await visit(page, `/deploy?environmentId=${prodId}`, (p) =>
          p.getByRole('radio', { name: /SaaS/ }).waitFor(),
        );
        await page.getByRole('radio', { name: /SaaS/ }).check();
        await page.getByRole('button', { name: 'Continuer' }).click();
        const cards = page.getByRole('article');
        await page.getByRole('article', { name: 'WordPress' }).waitFor();
        const text = plain(await page.locator('main').innerText());
        expect(text).not.toMatch(/docker\.io|library\/|-apache/);
        expect(plain(await page.getByRole('article', { name: 'WordPress' }).innerText())).toContain(
          'Version 6.4',
        );
        expect(await cards.count()).toBeGreaterThan(2);
        await screenshot(page, `issue33-template-cards-${theme}-${width}`);
        await page
          .getByRole('article', { name: 'WordPress' })
          .getByRole('button', { name: 'Choisir' })
          .click();
        await page.getByRole('button', { name: 'Continuer' }).click();
        const note = page.getByRole('region', { name: /Recommandation/ });
        await note.waitFor();
        const said = plain(await note.innerText());
        expect(said).not.toContain('Pour 50');
        expect(said).toContain('Vous ne nous avez pas indiqué votre fréquentation');
        expect(said).toContain('nous supposons une petite activité');
        await note.scrollIntoViewIfNeeded();
        await screenshot(page, `issue33-recommendation-${theme}-${width}`);
        await page.context().close();
      }
    }
  }, 180_000);

  it('item 10: « Renvoyer le code (dans N s) » reads at 4.5:1 or more, in both themes', async () => {
    for (const theme of themes) {
      for (const width of widths) {
        const account = await createAccount(server, newAccount(), { verify: false });
        const page = await open({ theme, width, token: '' });
        await page.goto('/login');
        await page.getByLabel('Adresse email').fill(account.email);
        await page.getByLabel('Mot de passe').fill(account.password);
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await page.waitForURL('**/verify-account');
        const countdown = page.getByRole('button', { name: /Renvoyer le code \(dans \d+ s\)/ });
        if (!(await countdown.isVisible())) {
          await page.getByRole('button', { name: 'Renvoyer le code' }).click();
        }
        await countdown.waitFor();
        await countdown.evaluate((el) => el.setAttribute('data-countdown', ''));
        const ratio = await contrastOf(page, '[data-countdown]');
        expect(ratio, `${theme} ${width}px`).toBeGreaterThanOrEqual(4.5);
        await screenshot(page, `issue33-resend-countdown-${theme}-${width}`);
        await page.context().close();
      }
    }
  }, 120_000);

  it('item 10: « votre site est en ligne » is mailed once, with its address and where the admin access is', async () => {
    const created = await deploy(prodId, 'blog-en-ligne');
    await pollUntil(
      'the application online',
      () =>
        api<{ statut_deploiement: string }>('GET', `/deployments/deployment/${created.body.id}`),
      (r) => r.body.statut_deploiement === 'RUNNING',
    );
    const mail = await waitForMail(
      server.outboxDir,
      owner.email,
      /« blog-en-ligne » est en ligne/,
      30_000,
    );
    expect(mail.subject).toBe('Votre site « blog-en-ligne » est en ligne');
    expect(mail.text).toMatch(/en ligne à l'adresse https?:\/\/\S+/);
    expect(mail.text).toContain('/wp-admin');
    expect(mail.text).toContain('carte « Accès administrateur »');
    expect(mail.text).toContain(`/deployment/${created.body.id}`);
    // Its link leads to the application's page, where the admin access is.
    const page = await open();
    await page.goto(new URL(/https?:\/\/\S+\/deployment\/\S+/.exec(mail.text)![0]).pathname);
    await page.getByRole('region', { name: 'Accès administrateur' }).waitFor();
    // A restart online again: still one mail for this application.
    const restart = await api('PUT', `/deployments/deployment/${created.body.id}`, { replicas: 2 });
    expect(restart.status, JSON.stringify(restart.body)).toBe(200);
    await pollUntil(
      'the application online again with 2 instances',
      () =>
        api<{ statut_deploiement: string; replicas: number }>(
          'GET',
          `/deployments/deployment/${created.body.id}`,
        ),
      (r) => r.body.statut_deploiement === 'RUNNING' && r.body.replicas === 2,
    );
    // Another application going online afterwards is mailed: the worker passed after the restart.
    const other = await deploy(prodId, 'blog-suivant');
    expect(other.status).toBe(201);
    await waitForMail(server.outboxDir, owner.email, /« blog-suivant » est en ligne/, 30_000);
    const online = (await readOutbox(server.outboxDir)).filter((m) =>
      m.subject.includes('« blog-en-ligne » est en ligne'),
    );
    expect(online).toHaveLength(1);
  }, 120_000);
});
