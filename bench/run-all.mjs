// Every benchmark, one after the other (`npm run bench`, after `npm run build`). Each runs as
// its own `node bench/<name>.mjs` with this environment (E2E_API_ENTRY, WEB_DIST_DIR,
// DOCKER_HOST, BENCH_NOTE…), prints its figures and appends its section to bench/RESULTS.md
// (landing-size.mjs only prints). A failing or missed benchmark does not stop the others;
// the exit code is 1 when any missed its target or failed.
//
//   npm run bench                                       # all of them
//   node bench/run-all.mjs cold-start users-me-load     # some of them, in this order
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ALL = [
  'cold-start.mjs',
  'users-me-load.mjs',
  'login-page-weight.mjs',
  'landing-size.mjs',
  'dashboard.mjs',
  'docker-deploy.mjs',
  'docker-wordpress-real.mjs',
  'simulation-200.mjs',
  'control-plane-footprint.mjs',
  'hot-path.mjs',
  'kubernetes-1000.mjs',
  'kubernetes-steady-state.mjs',
  'metrics-pipeline.mjs',
];
const chosen = process.argv.slice(2).map((n) => (n.endsWith('.mjs') ? n : `${n}.mjs`));
const unknown = chosen.filter((n) => !ALL.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${ALL.join(', ')}`);
  process.exit(2);
}
const BENCHMARKS = chosen.length ? chosen : ALL;

const run = (file) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, file)], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : code));
  });

const outcomes = [];
for (const file of BENCHMARKS) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const code = await run(file);
  const took = ((performance.now() - started) / 1000).toFixed(0);
  const outcome =
    code === 0
      ? 'target met'
      : code === 1
        ? 'target missed or failed'
        : code === 2
          ? 'not run (see its message)'
          : `failed (${code})`;
  outcomes.push({ file, code, outcome, took });
}

console.log('\n=== summary ===');
for (const o of outcomes) console.log(`${o.file.padEnd(24)} ${o.outcome} (${o.took} s)`);
if (outcomes.some((o) => o.code !== 0)) process.exitCode = 1;
