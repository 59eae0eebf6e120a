// What a first visit to /login downloads: loads the page in Chromium (empty cache) against the
// built server until the network is idle, and sums the gzipped size (node:zlib, level 9) of
// every JavaScript response; CSS is reported separately.
//
//   npm run build && node bench/login-page-weight.mjs        # starts apps/api/dist/main.js
//   node bench/login-page-weight.mjs http://localhost:8080   # measures a running server
//
// Appends a section to bench/RESULTS.md; exits 1 when the JS misses the budget.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { appendResults } from './lib/report.mjs';
import { buildNote, startServer } from './lib/server.mjs';

const BUDGET_KB = 150;
const kb = (bytes) => (bytes / 1024).toFixed(2);

const server = process.argv[2]
  ? { url: process.argv[2], stop: async () => {} }
  : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
let rows;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (res) => responses.push(res));
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  // The login form is on screen: the lazy route chunk has loaded.
  await page.locator('input[type="password"]').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');

  rows = [];
  for (const res of responses) {
    const body = await res.body().catch(() => Buffer.alloc(0));
    const type = res.headers()['content-type'] ?? '';
    const file = new URL(res.url()).pathname;
    const kind =
      /javascript/.test(type) || /\.m?js$/.test(file) ? 'js' : /css/.test(type) ? 'css' : 'other';
    rows.push({ file, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const sum = (xs, k) => xs.reduce((s, r) => s + r[k], 0);
const js = rows.filter((r) => r.kind === 'js').sort((a, b) => b.gzip - a.gzip);
const css = rows.filter((r) => r.kind === 'css');
const others = rows.filter((r) => r.kind === 'other');
const jsGzip = sum(js, 'gzip');
const met = jsGzip < BUDGET_KB * 1024;
await appendResults({
  title: 'Login page weight (foundation issue)',
  command: `${buildNote}node bench/login-page-weight.mjs`,
  lines: [
    'Chromium (headless, empty cache, 1280×800) opens `/login` on the built server and waits for the network to be idle and the password field to be on screen; every response body is gzipped here with node:zlib level 9 (the server sends them uncompressed). KB = 1024 bytes.',
    '',
    '| JavaScript file | raw (KB) | gzip -9 (KB) |',
    '| --- | ---: | ---: |',
    ...js.map((r) => `| \`${r.file}\` | ${kb(r.raw)} | ${kb(r.gzip)} |`),
    `| **JS total** (${js.length} files) | ${kb(sum(js, 'raw'))} | **${kb(jsGzip)}** |`,
    '',
    `CSS, separately: ${css.map((r) => `\`${r.file}\` ${kb(r.raw)} KB raw, ${kb(r.gzip)} KB gzip`).join('; ') || 'none'}.`,
    `Other responses: ${others.map((r) => `\`${r.file}\` (${kb(r.gzip)} KB gzip)`).join(', ') || 'none'}.`,
  ],
  target: `login page JavaScript < ${BUDGET_KB} KB gzipped: **${met ? 'met' : 'MISSED'}** (${kb(jsGzip)} KB).`,
});
if (!met) process.exitCode = 1;
