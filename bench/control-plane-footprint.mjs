// The control plane's footprint (issue 18), side by side: the built API on its embedded
// PostgreSQL (the default), on the PostgreSQL server of DATABASE_URL, and — when
// BENCH_PGLITE_ENTRY points at a build of an earlier version — on that version's PGlite. For each:
// cold start to healthy (the first-ever start on an empty DATA_DIR, then five starts on it, the
// setups taking turns), the
// memory 30 s after a start with no request (RSS of the platform process + PSS of its database
// processes: the embedded server's, or the DATABASE_URL server's backends serving it), then
// GET /api/v1/projects/ under 50 connections for 10 s, and the memory right after.
//
//   npm run build && node bench/control-plane-footprint.mjs
//   BENCH_PGLITE_ENTRY=/tmp/old/apps/api/dist/main.js BENCH_PGLITE_WEB=/tmp/old/apps/web/dist \
//   BENCH_PGLITE_LABEL="PGlite (main b28c711)" node bench/control-plane-footprint.mjs
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432   (default: that server, trust auth)
//
// Appends a section to bench/RESULTS.md; exits 1 when a target of the default is missed.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { client, verifiedAccount } from './lib/api.mjs';
import { MiB, processTree, pssKiB, rssKiB } from './lib/memory.mjs';
import { appendResults, median, ms } from './lib/report.mjs';
import { apiEntry, buildNote, newDataDir, pgServerUrl, sleep, startServer } from './lib/server.mjs';

const IDLE_S = 30;
const STARTS = 5;
const PROJECTS = 10;
const CONNECTIONS = 50;
const DURATION_S = 10;
const TARGET_IDLE_MIB = 150;
const TARGET_P99_RATIO = 1.2;
const TARGET_START_MS = 1500;

/** The processes of each kind of database that serve this platform process. */
const databaseProcesses = {
  async embedded(server) {
    const pidFile = path.join(server.dataDir, 'postgres', 'postmaster.pid');
    const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    return processTree(postmaster);
  },
  async server(_server, database) {
    const admin = new pg.Client({ connectionString: `${pgServerUrl}/postgres` });
    await admin.connect();
    try {
      const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [
        database,
      ]);
      return rows.map((r) => r.pid);
    } finally {
      await admin.end();
    }
  },
  inProcess: async () => [],
};

async function memory(server, kind, database) {
  const platform = await rssKiB(server.child.pid);
  const pids = await databaseProcesses[kind](server, database);
  const db = await pssKiB(pids);
  return {
    platform: MiB(platform),
    db: MiB(db),
    processes: pids.length,
    total: MiB(platform + db),
  };
}

/** A setup's DATA_DIR (and, for DATABASE_URL, its own database), removed by `cleanup`. */
async function prepare({ kind, env = {}, entry = apiEntry }) {
  const dataDir = await newDataDir();
  const database = kind === 'server' ? `nuage_bench_${randomBytes(4).toString('hex')}` : undefined;
  if (database) {
    await adminQuery(`CREATE DATABASE ${database}`);
    env = { ...env, DATABASE_URL: `${pgServerUrl}/${database}` };
  }
  return {
    kind,
    database,
    dataDir,
    start: () => startServer({ ...env, DATA_DIR: dataDir }, { pollMs: 10, entry }),
    cleanup: async () => {
      await rm(dataDir, { recursive: true, force: true });
      if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
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

async function timedStart(setup) {
  const server = await setup.start();
  await server.stop();
  return server.healthyAfterMs;
}

/** Memory idle and after the load, and the load's figures, on one running server. */
async function underLoad(setup) {
  const server = await setup.start();
  try {
    await sleep(IDLE_S * 1000);
    const idle = await memory(server, setup.kind, setup.database);
    const { token } = await verifiedAccount(server, 'footprint');
    const call = client(server.url, token);
    for (let i = 0; i < PROJECTS; i++) {
      await call('POST', '/projects/', {
        nom: `Projet ${i + 1}`,
        quota_cpu: 4,
        quota_ram: 8,
        quota_stockage: 50,
      });
    }
    const opts = {
      url: `${server.url}/api/v1/projects/`,
      headers: { authorization: `Bearer ${token}` },
    };
    await autocannon({ ...opts, connections: 10, duration: 2 }); // warm-up, not counted
    const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION_S });
    const loaded = await memory(server, setup.kind, setup.database);
    return {
      idle,
      loaded,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    };
  } finally {
    await server.stop();
  }
}

const definitions = [
  ['**embedded PostgreSQL (the default)**', { kind: 'embedded' }],
  ['`DATABASE_URL` PostgreSQL 127.0.0.1:5432', { kind: 'server' }],
];
if (process.env.BENCH_PGLITE_ENTRY) {
  definitions.push([
    process.env.BENCH_PGLITE_LABEL ?? 'PGlite (earlier version)',
    {
      kind: 'inProcess',
      entry: path.resolve(process.env.BENCH_PGLITE_ENTRY),
      env: process.env.BENCH_PGLITE_WEB ? { WEB_DIST_DIR: process.env.BENCH_PGLITE_WEB } : {},
    },
  ]);
}
const prepared = [];
const setups = [];
try {
  for (const [name, definition] of definitions) {
    const setup = await prepare(definition);
    prepared.push(setup);
    setups.push([name, { setup, firstEver: await timedStart(setup), starts: [] }]);
  }
  // Round after round, every setup once: a change of the machine's load hits them alike.
  for (let round = 0; round < STARTS; round++) {
    for (const [, f] of setups) f.starts.push(await timedStart(f.setup));
  }
  for (const [, f] of setups) Object.assign(f, await underLoad(f.setup));
} finally {
  for (const setup of prepared) await setup.cleanup();
}

const mib = (x) => `${x.toFixed(0)} MiB`;
const mem = (m) =>
  `**${mib(m.total)}** (${mib(m.platform)} + ${mib(m.db)}${m.processes ? ` in ${m.processes} processes` : ''})`;
const [, embedded] = setups[0];
const [, server] = setups[1];
const idleMet = embedded.idle.total < TARGET_IDLE_MIB;
const p99Met = embedded.p99 <= TARGET_P99_RATIO * server.p99 && embedded.errors === 0;
const startMet = median(embedded.starts) < TARGET_START_MS;
await appendResults({
  title: 'Control plane footprint: embedded PostgreSQL vs DATABASE_URL vs PGlite (issue 18)',
  command: `${process.env.BENCH_PGLITE_ENTRY ? `BENCH_PGLITE_ENTRY=${process.env.BENCH_PGLITE_ENTRY} ` : ''}${buildNote}node bench/control-plane-footprint.mjs`,
  lines: [
    `The built API (RUNTIME=simulation, LOG_LEVEL=warn) on 127.0.0.1, a fresh DATA_DIR per setup. Cold start: spawn to the first ok \`GET /api/v1/health\` (polled every 10 ms), first-ever on the empty DATA_DIR (cluster, migrations, secrets made), then ${STARTS} starts on it (SIGTERM between), the setups taking turns so that a change in the machine's load hits them alike. Idle: ${IDLE_S} s after the last start, no request. Memory: RSS of the platform process + PSS of its database processes (the embedded server's postmaster and workers; for DATABASE_URL the backends serving this database — the server's shared processes, serving every database, not counted; PGlite runs inside the platform process). Load: one verified account owning ${PROJECTS} projects, autocannon ${CONNECTIONS} connections × ${DURATION_S} s on \`GET /api/v1/projects/\` after a 2 s warm-up at 10 connections; autocannon shares the 2 cores.`,
    '',
    `| setup | first-ever start | start on its DATA_DIR (median of ${STARTS}) | idle, ${IDLE_S} s after start | after the load | GET /projects/ req/s | p50 | p99 | errors |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...setups.map(
      ([name, f]) =>
        `| ${name} | ${ms(f.firstEver)} | **${ms(median(f.starts))}** (${f.starts.map(ms).join(', ')}) | ${mem(f.idle)} | ${mem(f.loaded)} | ${f.rps.toFixed(0)} | ${f.p50} ms | **${f.p99} ms** | ${f.errors} |`,
    ),
  ],
  target: `for the default, idle < ${TARGET_IDLE_MIB} MiB in all: **${idleMet ? 'met' : 'MISSED'}** (${mib(embedded.idle.total)}); p99 within ${TARGET_P99_RATIO}× the DATABASE_URL figure: **${p99Met ? 'met' : 'MISSED'}** (${embedded.p99} ms vs ${server.p99} ms); cold start < ${TARGET_START_MS / 1000} s: **${startMet ? 'met' : 'MISSED'}** (median ${ms(median(embedded.starts))}).`,
});
if (!idleMet || !p99Met || !startMet) process.exitCode = 1;
