import { deployButton, deploySuccess, quotaTexts } from '@nuage/shared/messages';
import type { PresetsResponse } from '@nuage/shared/pricing-types';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signInContext } from './helpers/accounts';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const variants = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
] as const;
type Variant = (typeof variants)[number];

/** fr-FR XOF as the app shows it, with plain spaces (innerText keeps the narrow ones). */
const xof = (n: number) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(n)} XOF`.replace(
    /\s/g,
    ' ',
  );
const plain = (text: string) => text.replace(/\s+/g, ' ');

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

/** A full-page PNG once colour transitions are over, scrolled to the top (the header is sticky). */
async function settledShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await screenshot(page, name);
}

const step = (page: Page, n: number) =>
  page.getByRole('heading', { name: new RegExp(`^Étape ${n} sur 5`) }).waitFor();
const next = (page: Page) => page.getByRole('button', { name: 'Continuer' }).click();

describe('deploy wizard and environment page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  }

  /** A project with these quotas and one environment; returns the environment's id. */
  async function projectWithEnvironment(
    nom: string,
    quotas: { quota_cpu: number; quota_ram: number; quota_stockage: number },
    environment: { nom: string; type: string },
  ) {
    const project = await call<{ id: string }>('POST', '/projects/', { nom, ...quotas });
    const env = await call<{ id: string }>(
      'POST',
      `/environments/${project.id}/environments`,
      environment,
    );
    return env.id;
  }

  async function open({ theme, width }: Variant = variants[0]) {
    const context = await newContext(browser, server.url, {
      colorScheme: theme,
      width,
      height: width === 360 ? 740 : 800,
    });
    contexts.push(context);
    await signInContext(context, server.url, token);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const account = await createAccount(server);
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, mot_de_passe: account.password }),
    });
    token = String(((await res.json()) as { access_token: string }).access_token);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it("from an environment: 'Nouvelle application' → WordPress → preset priced in XOF → deploy → listed", async () => {
    const envId = await projectWithEnvironment(
      'Boutique Dakar',
      { quota_cpu: 4, quota_ram: 8, quota_stockage: 100 },
      { nom: 'production', type: 'prod' },
    );
    const presets = await call<PresetsResponse>('GET', '/pricing/presets');
    const demarrage = presets.applications.wordpress.presets.find((p) => p.name === 'Démarrage')!;

    const page = await open();
    const envPage = (p: Page) => p.getByRole('heading', { level: 1, name: 'production' }).waitFor();
    await visit(page, `/deployments/${envId}`, envPage);
    await page.getByText("Mode simulation : aucune application réelle n'est déployée").waitFor();
    await page.getByRole('link', { name: 'Nouvelle application' }).click();
    await page.waitForURL(`**/deploy?environmentId=${envId}`);

    await step(page, 1);
    await page.getByRole('radio', { name: /SaaS/ }).check();
    await next(page);
    await step(page, 3); // the preselected environment skips step 2
    await page
      .getByRole('article', { name: 'WordPress' })
      .getByRole('button', { name: 'Choisir' })
      .click();
    await next(page);
    await step(page, 4);
    await page.getByLabel("Nom de l'application").fill('blog-dakar');
    await page.getByRole('button', { name: /^Démarrage/ }).click();
    expect(await page.getByLabel('CPU (cores)').inputValue()).toBe('0.5');
    expect(await page.getByLabel('Stockage (GB)').inputValue()).toBe('10');
    const price = page.getByLabel('Prix estimé');
    await price.getByText(`${xof(demarrage.pricing.monthly_price)} / mois`).waitFor();
    expect(plain(await price.innerText())).toContain(
      `${xof(demarrage.pricing.daily_price)} par jour`,
    );

    await next(page);
    await step(page, 5);
    await page.getByRole('button', { name: deployButton.idle }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmer le déploiement' });
    expect(await confirm.innerText()).toContain('blog-dakar');
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText(deploySuccess.launched).waitFor();
    await page.getByRole('button', { name: deployButton.done }).waitFor();

    await page.waitForURL(`**/deployments/${envId}`);
    const card = page.getByRole('article', { name: 'blog-dakar' });
    await card.waitFor();
    expect(await card.innerText()).toContain('WordPress');
    expect(await card.innerText()).toMatch(/En attente|Déploiement en cours|En ligne/);
    expect(await card.getByRole('link', { name: 'blog-dakar' }).getAttribute('href')).toMatch(
      /^\/deployment\/[0-9a-f-]{36}$/,
    );

    for (const variant of variants) {
      const shot = await open(variant);
      await visit(shot, `/deployments/${envId}`, (p) =>
        p.getByRole('article', { name: 'blog-dakar' }).waitFor(),
      );
      await settledShot(shot, `deploy-environment-${variant.theme}-${variant.width}`);
      await shot.getByRole('button', { name: 'Déploiement rapide' }).click();
      await shot.getByRole('button', { name: 'Déployer', exact: true }).click();
      await shot.getByText("L'image Docker est requise").waitFor();
      await settledShot(shot, `deploy-environment-form-${variant.theme}-${variant.width}`);
      await shot.context().close();
    }
  }, 300_000);

  it("a deploy over quota shows 'Quota insuffisant' with the recommendations", async () => {
    await projectWithEnvironment(
      'Petit Projet',
      { quota_cpu: 0.5, quota_ram: 1, quota_stockage: 10 },
      { nom: 'staging-petit', type: 'staging' },
    );

    // Every step, the confirmation and the quota modal, in both themes at 1280 and 360 px.
    for (const variant of variants) {
      const page = await open(variant);
      const shoot = (name: string) =>
        settledShot(page, `deploy-${name}-${variant.theme}-${variant.width}`);

      await visit(page, '/deploy', (p) => step(p, 1));
      await page.getByRole('radio', { name: /SaaS/ }).check();
      await shoot('step1');
      await next(page);
      await step(page, 2);
      await page.getByLabel('Projet').selectOption({ label: 'Petit Projet' });
      await page
        .getByLabel('Environnement', { exact: true })
        .selectOption({ label: 'staging-petit (Staging)' });
      await shoot('step2');
      await next(page);
      await step(page, 3);
      await page
        .getByRole('article', { name: 'WordPress' })
        .getByRole('button', { name: 'Choisir' })
        .click();
      await shoot('step3');
      await next(page);
      await step(page, 4);
      await page.getByLabel("Nom de l'application").fill('site-trop-grand');
      await page.getByRole('button', { name: /^Croissance/ }).click();
      await page.getByLabel('Prix estimé').getByText('/ mois').waitFor();
      await shoot('step4');
      await next(page);
      await step(page, 5);
      await shoot('step5');
      await page.getByRole('button', { name: deployButton.idle }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmer le déploiement' });
      await confirm.waitFor();
      await shoot('confirm');
      await confirm.getByRole('button', { name: 'Confirmer' }).click();

      const modal = page.getByRole('dialog', { name: quotaTexts.title });
      await modal.waitFor();
      const text = plain(await modal.innerText());
      for (const expected of [
        quotaTexts.subtitle,
        'Ressources du projet insuffisantes pour cette application.',
        'CPU 0 / 0,5 cores',
        'RAM 0 / 1 GB',
        'Stockage 0 / 10 GB',
        'Augmenter le quota CPU du projet de 0,5 à 1',
        "Réduire les ressources CPU demandées par l'application (actuellement 1)",
        'Augmenter le quota RAM du projet de 1 à 2',
        "Réduire les ressources RAM demandées par l'application (actuellement 2)",
        'Augmenter le quota stockage du projet de 10 à 25',
        ...quotaTexts.tips,
      ]) {
        expect(text).toContain(expected);
      }
      await shoot('quota');
      await modal.getByRole('button', { name: 'Fermer' }).last().click();
      await modal.waitFor({ state: 'detached' });
      await step(page, 5);
      await page.context().close();
    }
  }, 300_000);
});
