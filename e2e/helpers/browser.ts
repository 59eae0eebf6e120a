import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../screenshots',
);

/** Debian's Chromium, headless, with the flags this sandbox needs (no downloads, no network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Content-Security-Policy violations seen by any page of any context this helper made, not yet
 * claimed by a test: every browser test fails if its pages broke the policy (hooks below).
 */
const cspViolations: string[] = [];
const isCspViolation = (text: string) =>
  /Content Security Policy|Content-Security-Policy/i.test(text);

export async function newContext(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'fr-FR',
    timezoneId: 'Africa/Dakar',
  });
  context.on('console', (message) => {
    if (isCspViolation(message.text()))
      cspViolations.push(`${message.page()?.url()}: ${message.text()}`);
  });
  // Also what the console may not print (a violation event the page itself observes).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`,
      ),
    );
  });
  return context;
}

/** The violations recorded since the last call (and forgets them). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

// Registered in every test file that makes browser contexts through this helper.
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations in the browser console').toEqual(
    [],
  );
});
afterAll(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations in the browser console').toEqual(
    [],
  );
});

/** Saves a full-page PNG under e2e/screenshots/ (looked at by a human, not asserted). */
export async function screenshot(page: Page, name: string) {
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** Texts of the toasts currently on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[role="status"]').allInnerTexts();
}
