import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Checks run on every page of every browser test (issue 33 items 6 and 10), each time the page
 * settles (no DOM change and no finite animation for a moment):
 *
 * - no English jargon nor raw identifier in the visible text (`forbiddenOnPages`): the customer
 *   reads « dépôt », « instances », « journaux », names, never a UUID;
 * - every text has enough contrast with its background (axe-core's color-contrast rule: 4.5:1,
 *   3:1 for large text), in the theme the page shows, once per screen state.
 *
 * browser.ts installs them on every context it makes and fails the test that saw a problem, as
 * it does for CSP violations. Raw values a customer copies as they are (a build log, an image
 * reference, a DNS record) are exempt: `pre`, `code`, `role="log"`, form fields, and
 * `[data-verbatim]`.
 */
export const forbiddenOnPages: { pattern: RegExp; instead: string }[] = [
  { pattern: /\bRepository\b/i, instead: 'dépôt' },
  { pattern: /\bReplicas?\b/i, instead: 'instances' },
  { pattern: /\bréplicas?\b/i, instead: 'instances' },
  { pattern: /\bPods?\b/i, instead: 'instances' },
  { pattern: /\bHelm\b/i, instead: 'version du modèle' },
  { pattern: /\bruntime\b/i, instead: 'serveur, plateforme' },
  { pattern: /\blogs?\b/i, instead: 'journaux' },
  {
    pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i,
    instead: 'un nom (jamais un identifiant)',
  },
];

/** Paths of the platform that are not the customer's interface (API, simulated applications). */
const notTheInterface = /^\/(?:api|docs|simulation)(?:\/|$)/;

/** What the page sends when it settles. */
interface Settled {
  path: string;
  dark: boolean;
  /** The screen's state: its headings and open dialogs (a new state gets a contrast check). */
  state: string;
  jargon: { word: string; text: string }[];
}

const problems: string[] = [];
/** How long a page must have been left unchanged before axe reads it. */
const QUIET_MS = 1000;
/** Screen states already checked for contrast, by theme, path and state. */
const contrastChecked = new Set<string>();
/**
 * axe-core as a copy of its own (`window.__nuageAxe`): a test running axe itself (landing,
 * certificates…) must not find this one's run under way (« Axe is already running »).
 */
let ownAxe: string | undefined;
function axeSource(): string {
  if (ownAxe) return ownAxe;
  const source = readFileSync(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  ownAxe = source.replace('window.axe=axe', 'window.__nuageAxe=axe');
  if (ownAxe === source) throw new Error('axe-core no longer sets window.axe=axe: page-checks.ts');
  return ownAxe;
}

/** The problems seen since the last call (and forgets them). */
export function takePageProblems(): string[] {
  return problems.splice(0);
}

/** Paths with ids replaced, so one screen is checked once whatever it shows. */
const screenOf = (path: string) =>
  path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id');

interface AxeNode {
  target: unknown;
  html: string;
  any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
}

async function checkContrast(page: Page, where: string) {
  const hasAxe = await page.evaluate(() => '__nuageAxe' in window);
  // Evaluated through the DevTools protocol: the page's CSP (no inline script) stays intact.
  if (!hasAxe) await page.evaluate(axeSource());
  const first = await contrastViolations(page);
  if (first.length === 0) return;
  // A colour read in the middle of a transition (a button leaving its disabled look, its
  // `transition-colors` 150 ms) is not the page's: only what a second reading, a moment later,
  // finds again is reported.
  await page.waitForTimeout(500);
  const again = new Set((await contrastViolations(page)).map((n) => JSON.stringify(n.target)));
  const nodes = first.filter((n) => again.has(JSON.stringify(n.target)));
  for (const n of nodes) {
    problems.push(
      `${where}: contraste ${n.data?.contrastRatio ?? '?'}:1 (${n.data?.fgColor} sur ${n.data?.bgColor}) → ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`,
    );
  }
}

/** axe-core's color-contrast violations of the page as it is now (animating nodes left out). */
function contrastViolations(page: Page) {
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        __nuageAxe: {
          run(context: unknown, options: unknown): Promise<{ violations: { nodes: AxeNode[] }[] }>;
        };
      }
    ).__nuageAxe;
    const result = await axe.run(document, { runOnly: ['color-contrast'], resultTypes: [] });
    // A node that left the page or started animating while axe read it (a toast fading out)
    // was measured between two states: its settled colours are checked on another screen.
    const animating = (el: Element | null): boolean =>
      el !== null && (el.getAnimations().length > 0 || animating(el.parentElement));
    const settled = (target: unknown) => {
      const selector = Array.isArray(target) && typeof target[0] === 'string' ? target[0] : null;
      const el = selector ? document.querySelector(selector) : null;
      return el !== null && !animating(el);
    };
    return result.violations.flatMap((v) =>
      v.nodes
        .filter((n) => settled(n.target))
        .map((n) => ({ target: n.target, html: n.html, data: n.any[0]?.data })),
    );
  });
}

/** Installs both checks on every page of `context` opened at `baseURL`. */
export async function installPageChecks(context: BrowserContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const seenJargon = new Set<string>();
  await context.exposeBinding('__nuagePageSettled', async ({ page }, settled: Settled) => {
    if (!page || new URL(page.url()).origin !== origin || notTheInterface.test(settled.path))
      return;
    const theme = settled.dark ? 'sombre' : 'clair';
    for (const j of settled.jargon) {
      const key = `${settled.path}|${j.word}|${j.text}`;
      if (seenJargon.has(key)) continue;
      seenJargon.add(key);
      const instead = forbiddenOnPages.find((f) => f.pattern.test(j.word))?.instead;
      problems.push(`${settled.path}: « ${j.word} » dans « ${j.text} » (dire : ${instead})`);
    }
    const key = `${theme}|${screenOf(settled.path)}|${settled.state}`;
    if (contrastChecked.has(key)) return;
    // axe reads every element's style for a while: only on a page left alone (the test waiting,
    // not typing or clicking), else a later settle of the same state checks it.
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const quiet = await page
      .evaluate(
        (ms) =>
          Date.now() - (window as unknown as { __nuageLastChange: number }).__nuageLastChange >= ms,
        QUIET_MS,
      )
      .catch(() => false);
    if (!quiet || contrastChecked.has(key)) return;
    contrastChecked.add(key);
    try {
      await checkContrast(page, `${settled.path} (thème ${theme})`);
    } catch {
      // The page went away meanwhile (navigation, closed context): its next state is checked.
      contrastChecked.delete(key);
    }
  });
  const patterns = forbiddenOnPages.map((f) => [f.pattern.source, f.pattern.flags]);
  await context.addInitScript((patterns: string[][]) => {
    const forbidden = patterns.map(([source, flags]) => new RegExp(source!, flags));
    const exempt = 'pre, code, textarea, script, style, noscript, [role="log"], [data-verbatim]';
    const report = (settled: unknown) =>
      (
        window as unknown as { __nuagePageSettled?: (s: unknown) => Promise<void> }
      ).__nuagePageSettled?.(settled);
    let timer: number | undefined;

    const visibleTexts = () => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim();
        if (!parent || !text || parent.closest(exempt)) continue;
        if (parent.getClientRects().length === 0) continue;
        if (parent.closest('[aria-hidden="true"], .sr-only')) continue;
        texts.push(text);
      }
      return texts;
    };
    // Spinners turn forever; anything else moving (a toast sliding in, a fade) is waited for.
    const moving = () =>
      document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
        );
    const settle = () => {
      (window as unknown as { __nuageLastChange: number }).__nuageLastChange = Date.now();
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (moving()) return settle();
        const jargon: { word: string; text: string }[] = [];
        for (const text of visibleTexts()) {
          // An address is opened or copied as it is: an id in its path is no name to replace.
          if (/^https?:\/\/\S+$/.test(text)) continue;
          for (const pattern of forbidden) {
            const found = text.match(pattern);
            if (found) jargon.push({ word: found[0], text: text.slice(0, 200) });
          }
        }
        const state = Array.from(
          document.querySelectorAll('h1, h2, h3, [role="dialog"], [role="alert"]'),
        )
          .map((el) => `${el.tagName}:${el.textContent?.trim().slice(0, 40)}`)
          .join('|');
        void report({
          path: location.pathname,
          dark: document.documentElement.classList.contains('dark'),
          state,
          jargon,
        })?.catch(() => {});
      }, 400);
    };
    const start = () => {
      if (!document.body) return;
      new MutationObserver(settle).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      settle();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  }, patterns);
}
