import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export async function newContext(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'fr-FR',
    timezoneId: 'Africa/Dakar',
  });
}

/** Saves a full-page PNG under e2e/screenshots/ (looked at by a human, not asserted). */
export async function screenshot(page: Page, name: string) {
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** Texts of the toasts currently on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[role="status"]').allInnerTexts();
}
