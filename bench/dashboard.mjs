// The dashboard at scale: one account with 20 projects × 4 environments × 5 applications
// (400 applications), then the time from navigation start to the dashboard fully rendered in
// Chromium (the costs card and the counts on screen), and every /api request the page made.
//
//   npm run build && node bench/dashboard.mjs
//   E2E_API_ENTRY=apps/api/dist-ops/main.js WEB_DIST_DIR=apps/web/dist-ops node bench/dashboard.mjs
//
// Starts the built API (which serves the built web app) with a fresh DATA_DIR on the simulation
// runtime, seeds through the API, waits for the engine to settle every application, then opens
// /dashboard 5 times, each in a fresh browser context (empty cache) with the token in
// localStorage. Prints median/min/max and the request count; appends a section to
// bench/RESULTS.md; exits 1 when a target is missed (median < 1.5 s, ≤ 4 requests).
/* global window, document, MutationObserver -- page-side code, run by Chromium */
import { appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { client, verifiedAccount } from './lib/api.mjs';
import { seedApplications } from './lib/seed.mjs';
import { repoRoot, startServer } from './lib/server.mjs';

const PROJECTS = 20;
const ENVIRONMENTS = 4;
const APPLICATIONS = 5;
const RUNS = 5;
const TARGET_MS = 1500;
const TARGET_REQUESTS = 4;

const resultsFile = path.join(repoRoot, 'bench/RESULTS.md');

/** An account on the Entreprise offer (20 projects) with the applications, all RUNNING. */
async function seed(server) {
  const { token } = await verifiedAccount(server, 'bench-dashboard');
  const started = Date.now();
  await seedApplications(client(server.url, token), {
    projects: PROJECTS,
    envs: ENVIRONMENTS,
    apps: APPLICATIONS,
  });
  const total = PROJECTS * ENVIRONMENTS * APPLICATIONS;
  console.log(`seeded and settled after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { token, total };
}

/** Records, inside the page, when the dashboard's "fully rendered" marker first appears. */
function watchForReady() {
  const mark = () => {
    if (!window.__dashboardReadyAt && document.querySelector('[data-testid="dashboard-ready"]')) {
      window.__dashboardReadyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
  });
}

async function measure(browser, server, token) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'fr-FR',
  });
  // The session as a login leaves it: the HttpOnly cookie, and the marker the app reads.
  await context.addCookies([
    { name: 'nuage_session', value: token, url: server.url, httpOnly: true, sameSite: 'Strict' },
  ]);
  await context.addInitScript(() => localStorage.setItem('auth_token', 'session-bench'));
  await context.addInitScript(watchForReady);
  const page = await context.newPage();
  const requests = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/')) requests.push(`${req.method()} ${pathname}`);
  });
  await page.goto(`${server.url}/dashboard`);
  await page.waitForFunction(() => window.__dashboardReadyAt !== undefined, null, {
    timeout: 30_000,
  });
  // performance.now() counts from the navigation's time origin.
  const ms = await page.evaluate(() => window.__dashboardReadyAt);
  const applications = await page
    .getByRole('region', { name: "Vue d'ensemble" })
    .locator('dt', { hasText: /^Applications$/ })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
  // Anything the page asks for once rendered counts too.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms, requests, applications };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  // The browser tests' flags (e2e/helpers/browser.ts).
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
try {
  const { token, total } = await seed(server);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await measure(browser, server, token);
    if (run.applications !== String(total)) {
      throw new Error(
        `run ${i + 1}: the dashboard shows ${run.applications} applications, not ${total}`,
      );
    }
    console.log(
      `run ${i + 1}: ${run.ms.toFixed(0)} ms, ${run.requests.length} requests (${run.requests.join(', ')})`,
    );
    runs.push(run);
  }
  const times = runs.map((r) => r.ms);
  const med = median(times);
  const maxRequests = Math.max(...runs.map((r) => r.requests.length));
  const timeMet = med < TARGET_MS;
  const requestsMet = maxRequests <= TARGET_REQUESTS;
  process.exitCode = timeMet && requestsMet ? 0 : 1;
  const fmt = (ms) => `${(ms / 1000).toFixed(3)} s`;
  console.log(
    `median ${fmt(med)}, min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))}; requests ${maxRequests}`,
  );

  const command = `${process.env.E2E_API_ENTRY ? `E2E_API_ENTRY=${process.env.E2E_API_ENTRY} ` : ''}${
    process.env.WEB_DIST_DIR ? `WEB_DIST_DIR=${process.env.WEB_DIST_DIR} ` : ''
  }node bench/dashboard.mjs`;
  const section = [
    '',
    '## Dashboard at scale (issue 6)',
    '',
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, Chromium ${browser.version()}, headless, 1280×800.`,
    `- Command: \`${command}\` (after building the web app and the API).`,
    `- Data: one account, ${PROJECTS} projects × ${ENVIRONMENTS} environments × ${APPLICATIONS} applications = ${total} WordPress applications, seeded through the API on the simulation runtime and settled (all RUNNING) before measuring.`,
    `- Measure: ${RUNS} loads of /dashboard, each in a fresh browser context (empty cache, token in localStorage), from navigation start to the \`dashboard-ready\` marker (set once the costs card and the counts are rendered); every request to /api counted until the network is idle.`,
    '',
    '| run | time to fully rendered | /api requests |',
    '| ---: | ---: | --- |',
    ...runs.map(
      (r, i) => `| ${i + 1} | ${fmt(r.ms)} | ${r.requests.length} (${r.requests.join(', ')}) |`,
    ),
    '',
    `Median ${fmt(med)} (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))}) vs the < 1.5 s target: **${timeMet ? 'met' : 'missed'}**. Requests: at most ${maxRequests} per load vs the ≤ 4 target: **${requestsMet ? 'met' : 'missed'}** (one aggregated GET /dashboard whatever the number of applications).`,
    '',
  ].join('\n');
  await appendFile(resultsFile, section);
  console.log(`appended to ${path.relative(repoRoot, resultsFile)}`);
} finally {
  await browser.close();
  await server.stop();
}
