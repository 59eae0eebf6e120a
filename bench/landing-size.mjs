// What a first visit to `/` downloads: loads the landing page in Chromium against the built
// server and sums the gzipped size (node:zlib, level 9) of every JS and CSS response.
//
//   npm run build && node bench/landing-size.mjs            # starts apps/api/dist/main.js
//   node bench/landing-size.mjs http://localhost:8080       # measures a running server
//
// E2E_API_ENTRY and WEB_DIST_DIR point at a build made elsewhere (as for the browser tests).
// Prints a Markdown table (per file and total) and exits 1 when the total misses the budget.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './lib/server.mjs';

const BUDGET_KB = 120;

const kb = (bytes) => (bytes / 1024).toFixed(2);

const server = process.argv[2]
  ? { url: process.argv[2], stop: async () => {} }
  : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  // A fresh context: an empty cache, like a first visit.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (res) => responses.push(res));
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });

  const rows = [];
  for (const res of responses) {
    const type = res.request().resourceType();
    const body = await res.body().catch(() => Buffer.alloc(0));
    rows.push({
      file: new URL(res.url()).pathname,
      type,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      served: res.headers()['content-encoding'] ?? 'identity',
    });
  }
  const counted = rows.filter((r) => r.type === 'script' || r.type === 'stylesheet');
  const others = rows.filter((r) => !counted.includes(r));
  const total = counted.reduce((sum, r) => sum + r.gzip, 0);
  const everything = rows.reduce((sum, r) => sum + r.gzip, 0);
  const apiCalls = rows.filter((r) => r.file.startsWith('/api')).length;

  const lines = [
    '| file | type | raw (KB) | gzip -9 (KB) |',
    '| --- | --- | ---: | ---: |',
    ...counted
      .sort((a, b) => b.gzip - a.gzip)
      .map((r) => `| \`${r.file}\` | ${r.type} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
    `| **JS + CSS total** (${counted.length} files) | | ${kb(counted.reduce((s, r) => s + r.raw, 0))} | **${kb(total)}** |`,
  ];
  console.log(lines.join('\n'));
  console.log('');
  console.log(
    `Not counted above: ${others.map((r) => `\`${r.file}\` (${r.type}, ${kb(r.gzip)} KB gzip)`).join(', ') || 'nothing'}.`,
  );
  console.log(
    `Everything the first visit downloads, gzipped: ${kb(everything)} KB in ${rows.length} responses; ` +
      `requests to /api: ${apiCalls}; served encoding: ${[...new Set(rows.map((r) => r.served))].join(', ')}.`,
  );
  console.log(
    `JS + CSS: ${kb(total)} KB gzipped vs the ${BUDGET_KB} KB target: ${total < BUDGET_KB * 1024 ? 'met' : 'MISSED'}.`,
  );
  await context.close();
  if (total >= BUDGET_KB * 1024) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
