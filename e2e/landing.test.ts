import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const TAGLINE = 'Simplifier le cloud, amplifier votre business';
const WIDTHS = [360, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const BUDGET_BYTES = 120 * 1024;

const sections = [
  { href: '#plateformes', label: 'Plateformes', heading: 'Là où votre activité en a besoin' },
  {
    href: '#processus',
    label: 'Comment ça marche',
    heading: 'Du code à la mise en ligne en 4 étapes',
  },
  {
    href: '#fonctionnalites',
    label: 'Fonctionnalités',
    heading: 'Tout est inclus, dès la première formule',
  },
  { href: '#tarifs', label: 'Tarifs', heading: 'Des prix clairs, en francs CFA' },
];

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Opens `/` and waits until React owns the pre-rendered page (clicks then reach handlers). */
async function openLanding(page: Page) {
  await page.goto('/');
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer$'));
  });
}

/** The three displayed prices, digits only ("12 500 XOF" → 12500). */
async function prices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('plan-price').allInnerTexts();
  return texts.map((t) => Number(t.replace(/\D/g, '')));
}

describe('the landing page at /', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is served pre-rendered, without the SPA bundle, for exactly /', async () => {
    const landing = await (await fetch(`${server.url}/`)).text();
    // The page is in the HTML itself: it paints before any script runs.
    expect(landing).toContain(TAGLINE.split(',')[0]);
    expect(landing).toContain('Le plus populaire');
    expect(landing).toMatch(/12\s500\sXOF/);
    const spa = await (await fetch(`${server.url}/login`)).text();
    const scripts = (html: string) =>
      [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts(spa)).toHaveLength(1);
    expect(scripts(landing)).toHaveLength(1);
    expect(scripts(landing)).not.toEqual(scripts(spa));
    expect(landing).not.toContain(scripts(spa)[0]);
    // Other paths still get the SPA document, and unknown API paths still a JSON 404.
    expect(await (await fetch(`${server.url}/pricing-page`)).text()).toBe(spa);
    const api = await fetch(`${server.url}/api/v1/nope`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('hydrates without error, makes no API call and stays under 120 KB of JS and CSS', async () => {
    // Dark: the pre-rendered HTML assumes light, so hydration must reconcile the theme cleanly.
    const context = await newContext(browser, server.url, { colorScheme: 'dark' });
    const page = await context.newPage();
    const apiCalls: string[] = [];
    const assets: { url: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    // A hydration mismatch is reported as an error (React then re-renders the whole page).
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text());
    });
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api')) apiCalls.push(req.url());
    });
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        res.body().then((body) => {
          assets.push({ url: res.url(), gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    expect(apiCalls).toEqual([]);
    expect(errors).toEqual([]);
    expect(assets.some((a) => a.url.endsWith('.css'))).toBe(true);
    expect(assets.filter((a) => a.url.endsWith('.js')).length).toBeGreaterThan(1);
    const total = assets.reduce((sum, a) => sum + a.gzip, 0);
    expect(total).toBeLessThan(BUDGET_BYTES);
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`scrolls each top-bar anchor's section into view below the sticky bar at ${width} px`, async () => {
      const context = await newContext(browser, server.url, { width });
      const page = await context.newPage();
      await openLanding(page);
      const nav = page.getByRole('navigation', { name: 'Sections de la page' });
      const header = page.locator('header').first();
      for (const section of sections) {
        const link = nav.getByRole('link', { name: section.label, exact: true });
        await expect(link.getAttribute('href')).resolves.toBe(section.href);
        await link.click();
        await page.waitForURL(`**/${section.href}`);
        const heading = page.getByRole('heading', { level: 2, name: section.heading });
        await expect
          .poll(async () => {
            const [box, bar] = [await heading.boundingBox(), await header.boundingBox()];
            const viewport = page.viewportSize()!;
            return Boolean(
              box && bar && box.y >= bar.y + bar.height && box.y + box.height <= viewport.height,
            );
          })
          .toBe(true);
        // The section the anchor names is the one that was brought into view.
        const sectionId = section.href.slice(1);
        await expect(
          heading.evaluate((h, id) => h.closest('section')?.id === id, sectionId),
        ).resolves.toBe(true);
      }
      await context.close();
    });
  }

  it('switches every plan price to annual (80 % per month) and back, with the 20 % badge', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await openLanding(page);
    const pricing = page.locator('#tarifs');
    await expect(pricing.getByTestId('annual-saving-badge').isVisible()).resolves.toBe(true);
    await expect(pricing.getByTestId('annual-saving-badge').innerText()).resolves.toMatch(/20\s%/);
    await expect(
      pricing.getByTestId('plan-pro').getByText('Le plus populaire').isVisible(),
    ).resolves.toBe(true);
    await expect(prices(page)).resolves.toEqual([12_500, 32_000, 65_000]);
    await expect(pricing.getByTestId('plan-price').first().innerText()).resolves.toMatch(
      /^12\s500\sXOF$/,
    );

    const annual = pricing.getByRole('button', { name: 'Annuel' });
    const monthly = pricing.getByRole('button', { name: 'Mensuel' });
    await annual.click();
    await expect.poll(() => prices(page)).toEqual([10_000, 25_600, 52_000]);
    await expect(annual.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(pricing.getByTestId('plan-decouverte').innerText()).resolves.toMatch(
      /120\s000\sXOF facturés par an/,
    );
    await expect(pricing.getByTestId('annual-saving-badge').isVisible()).resolves.toBe(true);

    await monthly.click();
    await expect.poll(() => prices(page)).toEqual([12_500, 32_000, 65_000]);
    await expect(monthly.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(
      page.getByText(/Satisfait ou remboursé pendant 30 jours/).isVisible(),
    ).resolves.toBe(true);
    await context.close();
  });

  it('takes the calls-to-action to /register and the top bar to /login', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const ctas = [
      { name: 'Commencer', scope: 'main', path: '/register', heading: 'Créer un compte' },
      { name: 'Créer mon compte', scope: 'main', path: '/register', heading: 'Créer un compte' },
      { name: 'Choisir Pro', scope: 'main', path: '/register', heading: 'Créer un compte' },
      { name: 'Se connecter', scope: 'header', path: '/login', heading: 'Connexion' },
      { name: 'Se connecter', scope: 'footer', path: '/login', heading: 'Connexion' },
      { name: 'Créer un compte', scope: 'footer', path: '/register', heading: 'Créer un compte' },
    ];
    for (const cta of ctas) {
      await openLanding(page);
      await page
        .locator(cta.scope)
        .getByRole('link', { name: cta.name, exact: true })
        .first()
        .click();
      await page.waitForURL(`${server.url}${cta.path}`);
      // The SPA took over and shows its screen (not the landing page).
      await page.getByRole('heading', { level: 1, name: cta.heading }).waitFor();
    }
    await context.close();
  });

  it('links the footer to sales, support, demo and contact by e-mail', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await openLanding(page);
    const hrefs = await page
      .locator('footer a[href^="mailto:"]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.map((h) => h.replace(/^mailto:|\?.*$/g, ''))).toEqual([
      'ventes@nuagedeploy.com',
      'support@nuagedeploy.com',
      'demo@nuagedeploy.com',
      'contact@nuagedeploy.com',
    ]);
    // The demo button exists, says it is coming, and leads nowhere.
    const demo = page.getByRole('button', { name: /Voir la démo/ });
    await expect(demo.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(demo.innerText()).resolves.toContain('Bientôt');
    // aria-disabled makes Playwright wait for it to be enabled; the point is that nothing happens.
    await demo.click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const context = await newContext(browser, server.url, { colorScheme: 'light' });
    const page = await context.newPage();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await openLanding(page);
    await expect(isDark()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Passer au thème sombre' }).click();
    await expect.poll(isDark).toBe(true);
    await page.reload();
    await openLanding(page);
    await expect(isDark()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBe('dark');
    // Once hydrated, the toggle reflects the stored theme and switches back.
    await page.getByRole('button', { name: 'Passer au thème clair' }).click();
    await expect.poll(isDark).toBe(false);
    await page.reload();
    await expect(isDark()).resolves.toBe(false);
    await context.close();
  });

  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(`has no serious or critical axe violation, ${theme} theme at ${width} px`, async () => {
        const context = await newContext(browser, server.url, { width, colorScheme: theme });
        const page = await context.newPage();
        await openLanding(page);
        await expect(
          page.evaluate(() => document.documentElement.classList.contains('dark')),
        ).resolves.toBe(theme === 'dark');
        // Nothing may stick out sideways on a small phone.
        await expect(
          page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).resolves.toBe(true);
        // Every image has a text alternative; decorative SVGs are hidden from assistive tech.
        await expect(
          page.evaluate(
            () =>
              Array.from(document.querySelectorAll('img, svg, [role="img"]')).filter((el) => {
                // Parts of a described image, and decorative ones, need no text of their own.
                if (el.getAttribute('aria-hidden') === 'true') return false;
                if (el.parentElement?.closest('[aria-hidden="true"], [role="img"]')) return false;
                if (el.tagName === 'IMG') return !el.hasAttribute('alt');
                return !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby'));
              }).length,
          ),
        ).resolves.toBe(0);
        await screenshot(page, `landing-${width}-${theme}`);
        // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays intact.
        await page.evaluate(readFileSync(axePath, 'utf8'));
        const result = await page.evaluate(() =>
          (window as unknown as { axe: { run(): Promise<AxeResult> } }).axe.run(),
        );
        const blocking = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.help} → ${JSON.stringify(v.nodes.map((n) => n.target))}`,
          );
        expect(blocking).toEqual([]);
        await context.close();
      });
    }
  }
});
