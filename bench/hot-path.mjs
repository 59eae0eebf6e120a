// The control plane's hot path at default settings (issue 32): the built API with LOG_LEVEL=info on
// its embedded PostgreSQL (what `npm start` gives), then the same with LOG_LEVEL=warn and on the
// PostgreSQL server of DATABASE_URL. For each: GET /api/v1/projects/ of an account with 20 projects
// under 50 connections (the list is paged: its first page, 20 projects by default); for the
// defaults also with 200 projects, and the calls of the dashboard page, of the status page
// and of an application's pages for an account with 400 applications at 10 connections. Then the
// memory some minutes after the load, and the idle CPU of a settled platform with 50 applications.
// CPU per request (platform + its database processes, from /proc) and log bytes per request are
// the figures the machine's other work disturbs least; req/s and latencies need a quiet machine.
//
//   npm run build && node bench/hot-path.mjs
//   BENCH_CPU_PROF_DIR=bench/profiles/after node bench/hot-path.mjs  # + a .cpuprofile per server
//   BENCH_DURATION_S=10 BENCH_AFTER_S=30 BENCH_IDLE_CPU_S=60 BENCH_IDLE_SETTLE_S=60 BENCH_SETUPS=default,idle …  # shorter
//   E2E_API_ENTRY=apps/api/dist-before/main.js …   # another build (a copy of an earlier dist)
//
// Appends a section to bench/RESULTS.md; exits 1 when a target of the defaults is missed.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { client, verifiedAccount } from './lib/api.mjs';
import { treeCpuMs } from './lib/cpu.mjs';
import { MiB, processTree, pssKiB, rssKiB } from './lib/memory.mjs';
import { appendResults } from './lib/report.mjs';
import { createProjects, seedApplications } from './lib/seed.mjs';
import { buildNote, newDataDir, pgServerUrl, sleep, startServer } from './lib/server.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const AFTER_S = Number(process.env.BENCH_AFTER_S ?? 300);
const IDLE_CPU_S = Number(process.env.BENCH_IDLE_CPU_S ?? 180);
// Settled: V8's memory reducer runs its full collections within about a minute of the seeding's
// allocations ending (measured with --trace-gc: three Mark-Compact (reduce), ~200 ms of CPU, at
// +57 s); the idle figure is the platform's steady state after that, not the heap shrinking.
const IDLE_SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_S ?? 120);
// After each seeding, before its load: autovacuum (every minute by default) has analysed the new
// rows, as on any database that has lived a minute. Measured right after the seeding, the
// planner believes the projects table nearly empty and joins 200 memberships to 200 projects by
// comparing every pair (EXPLAIN ANALYZE: 3.7 ms a request instead of about 0.3 ms).
const STATISTICS_S = Number(process.env.BENCH_STATISTICS_S ?? 70);
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
const SETUPS = (process.env.BENCH_SETUPS ?? 'default,warn,server,idle').split(',');
const STATUS_TREE = '400 applications, the status page';
const TARGET = { rps: 1000, p99: 60, cpuMs: 1, scale: 1.5, dashboardP99: 50, idlePct: 0.2 };

/** The platform process and its database's processes (embedded: the postmaster's tree). */
async function processesOf(server) {
  if (server.kind !== 'embedded') return [server.child.pid];
  const pidFile = path.join(server.dataDir, 'postgres', 'postmaster.pid');
  const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  return [server.child.pid, ...(await processTree(postmaster))];
}

/** CPU ms so far: the platform's, and its embedded database's (0 for a shared server). */
async function cpuNow(server) {
  const [platform, ...db] = await processesOf(server);
  return { platform: await treeCpuMs([platform]), db: db.length ? await treeCpuMs(db) : 0 };
}

async function memoryMiB(server) {
  const [platform, ...db] = await processesOf(server);
  return MiB((await rssKiB(platform)) + (await pssKiB(db)));
}

/** Transactions committed in the DATABASE_URL database: one per statement outside BEGIN. */
async function transactions(server) {
  if (!server.database) return null;
  const admin = new pg.Client({ connectionString: `${pgServerUrl}/postgres` });
  await admin.connect();
  try {
    await sleep(1500); // statistics reach pg_stat_database within a second of a transaction
    const { rows } = await admin.query(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [server.database],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await admin.end();
  }
}

async function adminQuery(text) {
  const admin = new pg.Client({ connectionString: `${pgServerUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function start(name, { kind, env = {} }) {
  const dataDir = await newDataDir();
  const database = kind === 'server' ? `nuage_bench_${randomBytes(4).toString('hex')}` : undefined;
  if (database) {
    await adminQuery(`CREATE DATABASE ${database}`);
    env = { ...env, DATABASE_URL: `${pgServerUrl}/${database}` };
  }
  const nodeArgs = [];
  if (PROFILE_DIR) {
    const dir = path.resolve(PROFILE_DIR, name);
    await mkdir(dir, { recursive: true });
    // 1 ms sampling (V8's default is 1 ms too; set here so idle runs can be compared).
    nodeArgs.push(
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      `--cpu-prof-interval=${process.env.BENCH_CPU_PROF_INTERVAL_US ?? 1000}`,
    );
  }
  const server = await startServer({ LOG_LEVEL: 'info', ...env, DATA_DIR: dataDir }, { nodeArgs });
  let logBytes = 0;
  server.child.stdout.on('data', (d) => (logBytes += d.length));
  server.child.stderr.on('data', (d) => (logBytes += d.length));
  return Object.assign(server, {
    kind,
    database,
    logBytes: () => logBytes,
    async close() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  });
}

/** autocannon on one GET, with the CPU, log bytes and statements it cost per request. */
async function load(server, token, route, connections, duration = DURATION_S) {
  const opts = {
    url: `${server.url}/api/v1${route}`,
    headers: { authorization: `Bearer ${token}` },
  };
  await autocannon({ ...opts, connections: 10, duration: 2 }); // warm-up, not counted
  const cpu0 = await cpuNow(server);
  const log0 = server.logBytes();
  const tx0 = await transactions(server);
  const r = await autocannon({ ...opts, connections, duration });
  const cpu1 = await cpuNow(server);
  const log1 = server.logBytes();
  const tx1 = await transactions(server);
  const n = r.requests.total;
  return {
    route,
    connections,
    rps: r.requests.average,
    bytes: r.throughput.total / Math.max(1, n),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuMs: (cpu1.platform - cpu0.platform + cpu1.db - cpu0.db) / n,
    platformCpuMs: (cpu1.platform - cpu0.platform) / n,
    logBytes: (log1 - log0) / n,
    // The statistics read itself (and any background work) counts too: an upper bound.
    queries: tx0 === null ? null : (tx1 - tx0) / n,
    memory: await memoryMiB(server),
  };
}

const rows = [];
const notes = {};
const definitions = {
  default: ['**defaults** (embedded PostgreSQL, LOG_LEVEL=info)', { kind: 'embedded' }],
  warn: ['the same with LOG_LEVEL=warn', { kind: 'embedded', env: { LOG_LEVEL: 'warn' } }],
  server: ['on the PostgreSQL server (`DATABASE_URL`), LOG_LEVEL=info', { kind: 'server' }],
};

for (const key of SETUPS.filter((k) => k !== 'idle')) {
  const [label, definition] = definitions[key];
  const server = await start(key, definition);
  try {
    await sleep(30_000);
    const idleMemory = await memoryMiB(server);
    const { token } = await verifiedAccount(server, `hot-${key}`);
    const call = client(server.url, token);
    await createProjects(call, 0, 20);
    await sleep(STATISTICS_S * 1000);
    rows.push({
      setup: label,
      data: '20 projects',
      idleMemory,
      ...(await load(server, token, '/projects/', 50)),
    });
    if (key !== 'default') continue;
    await createProjects(call, 20, 200);
    await sleep(STATISTICS_S * 1000);
    rows.push({
      setup: label,
      data: '200 projects',
      ...(await load(server, token, '/projects/', 50)),
    });

    if (process.env.BENCH_APPLICATIONS === '0') continue; // the project lines only (trying a change)
    const big = await verifiedAccount(server, 'hot-400');
    const bigCall = client(server.url, big.token);
    const environments = await seedApplications(bigCall, { projects: 20, envs: 4, apps: 5 });
    await sleep(STATISTICS_S * 1000);
    const [application] = await bigCall('GET', `/deployments/${environments[0].id}/deployments`);
    for (const route of [
      // The dashboard page's calls (its graphs' read included) …
      '/users/me',
      '/platform',
      '/dashboard/summary',
      '/dashboard/metrics/history',
      // … the project list's and an application's pages' …
      '/projects/',
      `/deployments/${environments[0].id}/deployments`,
      `/deployments/deployment/${application.id}`,
    ]) {
      rows.push({
        setup: label,
        data: '400 applications',
        ...(await load(server, big.token, route, 10)),
      });
    }
    // … and the status page's one read, every application's line in one answer.
    rows.push({
      setup: label,
      data: STATUS_TREE,
      ...(await load(server, big.token, '/dashboard', 10)),
    });
    await sleep(AFTER_S * 1000);
    notes.memoryAfter = await memoryMiB(server);
    notes.idleMemory = idleMemory;
  } finally {
    await server.close();
  }
}

if (SETUPS.includes('idle')) {
  // Idle: a fresh platform with 50 applications, settled, then left alone.
  const server = await start('idle', definitions.default[1]);
  try {
    const { token } = await verifiedAccount(server, 'hot-idle');
    await seedApplications(client(server.url, token), { projects: 5, envs: 2, apps: 5 });
    await sleep(IDLE_SETTLE_S * 1000);
    const before = await cpuNow(server);
    await sleep(IDLE_CPU_S * 1000);
    const after = await cpuNow(server);
    const pct = (ms) => (100 * ms) / (IDLE_CPU_S * 1000);
    notes.idle = {
      platform: pct(after.platform - before.platform),
      db: pct(after.db - before.db),
    };
  } finally {
    await server.close();
  }
}

const f0 = (x) => x.toFixed(0);
const cpu = (r) => `${r.cpuMs.toFixed(2)} ms (${r.platformCpuMs.toFixed(2)} platform)`;
const table = [
  '| setup | data | GET | conn. | req/s | p50 | p99 | CPU per request | answer bytes | log bytes / req | statements / req | memory after the load | errors |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.setup} | ${r.data} | \`${r.route.replace(/[0-9a-f-]{36}/, '{id}')}\` | ${r.connections} | ${f0(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${cpu(r)} | ${f0(r.bytes)} | ${f0(r.logBytes)} | ${r.queries === null ? '–' : r.queries.toFixed(1)} | ${f0(r.memory)} MiB | ${r.errors} |`,
  ),
];
const defaults = rows.filter((r) => r.setup === definitions.default[0]);
const small = defaults.find((r) => r.data === '20 projects');
const large = defaults.find((r) => r.data === '200 projects');
const dashboard = defaults.filter((r) => r.data === '400 applications');
const checks = [];
if (small) {
  checks.push([
    `20 projects: ≥ ${TARGET.rps} req/s, p99 < ${TARGET.p99} ms, ≤ ${TARGET.cpuMs} ms CPU per request`,
    small.rps >= TARGET.rps && small.p99 < TARGET.p99 && small.cpuMs <= TARGET.cpuMs,
    `${f0(small.rps)} req/s, ${small.p99} ms, ${small.cpuMs.toFixed(2)} ms`,
  ]);
}
if (small && large) {
  checks.push([
    `200 projects within ${TARGET.scale}× of those`,
    large.rps * TARGET.scale >= small.rps &&
      large.p99 <= TARGET.scale * small.p99 &&
      large.cpuMs <= TARGET.scale * small.cpuMs,
    `${f0(large.rps)} req/s, ${large.p99} ms, ${large.cpuMs.toFixed(2)} ms`,
  ]);
}
if (dashboard.length) {
  const worst = Math.max(...dashboard.map((r) => r.p99));
  checks.push([
    `400 applications, the calls of the dashboard, project list and application pages: p99 < ${TARGET.dashboardP99} ms at 10 connections`,
    worst < TARGET.dashboardP99 && dashboard.every((r) => r.errors === 0),
    `worst ${worst} ms`,
  ]);
}
const statusTree = defaults.find((r) => r.data === STATUS_TREE);
if (statusTree) {
  checks.push([
    `400 applications, the status page's tree: p99 < ${TARGET.dashboardP99} ms at 10 connections`,
    statusTree.p99 < TARGET.dashboardP99 && statusTree.errors === 0,
    `${statusTree.p99} ms`,
  ]);
}
if (notes.idle) {
  const total = notes.idle.platform + notes.idle.db;
  checks.push([
    `idle, 50 applications settled: < ${TARGET.idlePct} % of a core over ${IDLE_CPU_S} s`,
    total < TARGET.idlePct,
    `${total.toFixed(3)} % (platform ${notes.idle.platform.toFixed(3)} %, database ${notes.idle.db.toFixed(3)} %)`,
  ]);
}
const lines = [
  `The built API (RUNTIME=simulation) on 127.0.0.1, a fresh DATA_DIR per server; each load ${STATISTICS_S} s after its seeding (autovacuum has analysed the new rows, as on a database that has lived a minute); autocannon in this process on the same ${os.cpus().length} cores, ${DURATION_S} s per line after a 2 s warm-up at 10 connections, \`Authorization: Bearer\`. CPU per request: user + system time of the platform process and of its embedded database's processes (/proc) over the load, divided by the requests served (the shared server's CPU is not counted: its line shows the platform's alone). Log bytes: what the process wrote to stdout/stderr. Statements: transactions committed in the DATABASE_URL database per request (each statement outside a transaction is one). Memory: RSS of the platform + PSS of the embedded database's processes.`,
  '',
  ...table,
  '',
  ...(notes.idleMemory === undefined
    ? []
    : [
        `Memory of the defaults: idle, 30 s after the start, ${f0(notes.idleMemory)} MiB; ${AFTER_S} s after the last load ${f0(notes.memoryAfter)} MiB.`,
      ]),
  ...(notes.idle
    ? [
        `Idle CPU of a settled platform with 50 applications (5 projects × 2 environments × 5), measured over ${IDLE_CPU_S} s from ${IDLE_SETTLE_S} s after the last application ran: **${(notes.idle.platform + notes.idle.db).toFixed(3)} % of a core** (platform ${notes.idle.platform.toFixed(3)} %, embedded database ${notes.idle.db.toFixed(3)} %).`,
      ]
    : []),
];
await appendResults({
  title: 'The control plane’s hot path at default settings (issue 32)',
  command: `${buildNote}node bench/hot-path.mjs`,
  lines,
  target: checks
    .map(([what, met, got]) => `${what}: **${met ? 'met' : 'MISSED'}** (${got})`)
    .join('; '),
});
if (checks.some(([, met]) => !met)) process.exitCode = 1;
