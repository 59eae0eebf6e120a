// Cold start: from spawning `node apps/api/dist/main.js` (RUNTIME=simulation, its embedded
// PostgreSQL) to the first ok answer of GET /api/v1/health, polled every 10 ms. Five starts on
// an already initialised DATA_DIR (the target), and five first-ever starts on an empty one
// (migrations, secrets and the embedded database cluster created), reported separately.
//
//   npm run build && node bench/cold-start.mjs
//
// Appends a section to bench/RESULTS.md; exits 1 when the median misses the target.
import { rm } from 'node:fs/promises';
import { appendResults, median, ms } from './lib/report.mjs';
import { buildNote, newDataDir, startServer } from './lib/server.mjs';

const RUNS = 5;
const TARGET_MS = 2000;

async function timedStart(dataDir) {
  const server = await startServer({ DATA_DIR: dataDir }, { pollMs: 10 });
  const t = server.healthyAfterMs;
  await server.stop();
  return t;
}

const firstEver = [];
const warm = [];
const dirs = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const dir = await newDataDir();
    dirs.push(dir);
    firstEver.push(await timedStart(dir));
    console.log(`first-ever start ${i + 1}: ${ms(firstEver.at(-1))}`);
  }
  // Every later start reuses the first directory, initialised above.
  for (let i = 0; i < RUNS; i++) {
    warm.push(await timedStart(dirs[0]));
    console.log(`start on an initialised DATA_DIR ${i + 1}: ${ms(warm.at(-1))}`);
  }
} finally {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}

const row = (name, xs) =>
  `| ${name} | ${xs.map(ms).join(', ')} | **${ms(median(xs))}** | ${ms(Math.min(...xs))} | ${ms(Math.max(...xs))} |`;
const met = median(warm) < TARGET_MS;
await appendResults({
  title: 'Cold start to healthy (foundation issue)',
  command: `${buildNote}node bench/cold-start.mjs`,
  lines: [
    'From spawning `node apps/api/dist/main.js` (RUNTIME=simulation, embedded PostgreSQL, LOG_LEVEL=warn) to the first ok answer of `GET /api/v1/health`, polled every 10 ms; the process is stopped (SIGTERM) between runs.',
    '',
    `| start | ${RUNS} runs | median | min | max |`,
    '| --- | --- | ---: | ---: | ---: |',
    row('on an already initialised DATA_DIR', warm),
    row('first-ever, on an empty DATA_DIR (migrations, secrets)', firstEver),
  ],
  target: `median start < ${TARGET_MS / 1000} s on an initialised DATA_DIR: **${met ? 'met' : 'MISSED'}** (${ms(median(warm))}).`,
});
if (!met) process.exitCode = 1;
