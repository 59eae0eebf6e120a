// GET /api/v1/dashboard (or BENCH_ROUTE) of an account with 400 applications (20 projects × 4 environments × 5,
// RUNTIME=simulation, LOG_LEVEL=info, embedded PostgreSQL) under 10 connections, for comparing
// builds on the very same data (issue 32): the account is seeded once into a DATA_DIR that is
// kept, and each run starts the given build on it. bench/hot-path.mjs is the record with a fresh
// database; this one is for trying a change against the build before it, a few runs each.
//
//   npm run build && node bench/dashboard-api.mjs                  # seeds on the first run
//   E2E_API_ENTRY=apps/api/dist-before/main.js node bench/dashboard-api.mjs   # another build
//   BENCH_DASHBOARD_DIR=/tmp/other BENCH_DURATION_S=20 BENCH_CPU_PROF_DIR=/tmp/prof …
//   BENCH_ROUTE=/dashboard/summary …                             # the dashboard page's read
//   BENCH_SETTLE_S=70 …             # wait after the start (its reconcile churn) before loading
//
// Prints one line per run (req/s, p50, p99, CPU per request with the platform's share, answer
// bytes); writes nothing to RESULTS.md.
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { client, verifiedAccount } from './lib/api.mjs';
import { treeCpuMs } from './lib/cpu.mjs';
import { processTree } from './lib/memory.mjs';
import { seedApplications } from './lib/seed.mjs';
import { apiEntry, sleep, startServer } from './lib/server.mjs';

const DATA_DIR =
  process.env.BENCH_DASHBOARD_DIR ?? path.join(os.tmpdir(), 'nuage-bench-dashboard-400');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
// The status page's tree by default; BENCH_ROUTE=/dashboard/summary for the dashboard page's read.
const ROUTE = process.env.BENCH_ROUTE ?? '/dashboard';
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 70);
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
const PASSWORD = 'Secret2024';
const accountFile = path.join(DATA_DIR, 'bench-account.json');

async function login(server, email) {
  const answer = await client(server.url)('POST', '/auth/login', { email, mot_de_passe: PASSWORD });
  return String(answer.access_token);
}

/** The platform process and its embedded database's processes. */
async function processes(server) {
  const pidFile = path.join(DATA_DIR, 'postgres', 'postmaster.pid');
  const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  return [server.child.pid, ...(await processTree(postmaster))];
}

async function cpuNow(server) {
  const [platform, ...db] = await processes(server);
  return { platform: await treeCpuMs([platform]), db: await treeCpuMs(db) };
}

await mkdir(DATA_DIR, { recursive: true });
const seeded = existsSync(accountFile);
const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
const server = await startServer({ LOG_LEVEL: 'info', DATA_DIR }, { nodeArgs });
try {
  if (!seeded) {
    const { email } = await verifiedAccount(server, 'dashboard-400');
    await seedApplications(client(server.url, await login(server, email)), {
      projects: 20,
      envs: 4,
      apps: 5,
    });
    await writeFile(accountFile, JSON.stringify({ email }));
    // Autovacuum analyses the new rows within its minute, as on any database that has lived one.
    console.log(`seeded ${DATA_DIR}; waiting 70 s for the table statistics`);
    await sleep(70_000);
  }
  // A start reconciles every application again (about six row versions each): the load waits
  // for autovacuum to have cleared them, as on a platform that has run a minute.
  await sleep(SETTLE_S * 1000);
  const { email } = JSON.parse(await readFile(accountFile, 'utf8'));
  const opts = {
    url: `${server.url}/api/v1${ROUTE}`,
    headers: { authorization: `Bearer ${await login(server, email)}` },
  };
  await autocannon({ ...opts, connections: 10, duration: 3 }); // warm-up
  const before = await cpuNow(server);
  const r = await autocannon({ ...opts, connections: 10, duration: DURATION_S });
  const after = await cpuNow(server);
  const n = Math.max(1, r.requests.total);
  const total = (after.platform - before.platform + after.db - before.db) / n;
  const platform = (after.platform - before.platform) / n;
  console.log(
    `${path.relative(process.cwd(), apiEntry)}: ${ROUTE}, 400 applications, 10 connections, ${DURATION_S} s: ` +
      `${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
      `${total.toFixed(2)} ms CPU a request (${platform.toFixed(2)} platform), ` +
      `${Math.round(r.throughput.total / n)} bytes, ${r.errors + r.non2xx} errors`,
  );
} finally {
  await server.stop();
}
