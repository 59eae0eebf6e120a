import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';
import { signInContext } from './accounts';
import { installPageChecks, takePageProblems } from './page-checks';
import { startSocksRelay } from './socks-relay';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../screenshots',
);

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Whether this process may give Chromium a network namespace of its own (root, or not). */
let canIsolate: boolean | undefined;
function isolationAvailable(): boolean {
  if (canIsolate === undefined) {
    try {
      execFileSync('unshare', ['--net', '--', 'sh', '-c', 'ip link set lo up && socat -V'], {
        stdio: 'ignore',
      });
      canIsolate = true;
    } catch {
      canIsolate = false;
    }
  }
  return canIsolate;
}

/**
 * Debian's Chromium, headless, with the flags this sandbox needs (no downloads, no network).
 *
 * Chromium aborts every request in flight (net::ERR_NETWORK_CHANGED, a lazy chunk then fails
 * and the screen shows an error until reloaded) whenever an address appears on any interface,
 * and Podman adds one per container start (a veth's IPv6 link-local address). So Chromium runs
 * in a network namespace of its own, where only loopback exists and nothing changes, and
 * reaches the host's loopback through a SOCKS5 relay on a unix socket (socks-relay.ts): the
 * bytes are the browser's own. Where namespaces are not allowed, it runs as before.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!isolationAvailable()) {
    return chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumFlags });
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-browser-'));
  const socket = path.join(dir, 'relay.sock');
  const relay = await startSocksRelay(socket);
  const launcher = path.join(dir, 'chromium-isolated.sh');
  // socat (without Playwright's pipes, fds 3 and 4) carries the namespace's port 1080 to the
  // relay; it stops when Chromium does.
  await writeFile(
    launcher,
    `#!/bin/sh
exec unshare --net -- sh -c '
  ip link set lo up || exit 1
  socat TCP-LISTEN:1080,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:"$0" 3>&- 4>&- &
  relay=$!
  for i in $(seq 100); do ss -Hltn "sport = :1080" | grep -q . && break; sleep 0.02; done
  "$@"
  status=$?
  kill $relay
  exit $status
' ${JSON.stringify(socket)} ${JSON.stringify(CHROMIUM)} "$@"
`,
    { mode: 0o755 },
  );
  try {
    const browser = await chromium.launch({
      executablePath: launcher,
      headless: true,
      args: [
        ...chromiumFlags,
        '--proxy-server=socks5://127.0.0.1:1080',
        // Loopback through the relay too (Chromium bypasses proxies for it by default).
        '--proxy-bypass-list=<-loopback>',
      ],
    });
    browser.on('disconnected', () => {
      void relay.close().then(() => rm(dir, { recursive: true, force: true }));
    });
    return browser;
  } catch (err) {
    await relay.close();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
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
  // No jargon, no raw id, enough contrast: on every page, each time it settles.
  await installPageChecks(context, baseURL);
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
  expect(takePageProblems(), 'jargon, raw ids or low contrast on a page (page-checks.ts)').toEqual(
    [],
  );
});
afterAll(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations in the browser console').toEqual(
    [],
  );
  expect(takePageProblems(), 'jargon, raw ids or low contrast on a page (page-checks.ts)').toEqual(
    [],
  );
});

/**
 * Saves a full-page PNG under e2e/screenshots/ (looked at by a human, not asserted). With
 * E2E_SCREENSHOTS=0 (.ci/run, where nobody looks at them) it does nothing: a full-page capture
 * costs Chromium 0.2 to 0.6 s under load (129 shots of six files: 29.5 s, bench/RESULTS.md).
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** Texts of the toasts currently on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[role="status"]').allInnerTexts();
}

/**
 * A page in a context of its own, phone-tall under 500 px wide, signed in with `token` when one
 * is given; the context joins `contexts`, which the file closes in its afterAll.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  contexts: BrowserContext[],
  opts: { token?: string; theme?: 'light' | 'dark'; width?: number; timeoutMs?: number },
): Promise<Page> {
  const width = opts.width ?? 1280;
  const context = await newContext(browser, baseURL, {
    colorScheme: opts.theme ?? 'light',
    width,
    height: width < 500 ? 844 : 800,
  });
  contexts.push(context);
  if (opts.token) await signInContext(context, baseURL, opts.token);
  const page = await context.newPage();
  page.setDefaultTimeout(opts.timeoutMs ?? 15_000);
  return page;
}
