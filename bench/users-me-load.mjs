// GET /api/v1/users/me under load: one verified account, autocannon with 50 connections for
// 10 s and the bearer token, once on the embedded PostgreSQL (the default) and once on the
// PostgreSQL server of DATABASE_URL (a fresh database created for the run and dropped after it).
//
//   npm run build && node bench/users-me-load.mjs
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432   (default: that server, trust auth)
//
// Appends a section to bench/RESULTS.md; exits 1 when a p99 misses the target.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { verifiedAccount } from './lib/api.mjs';
import { appendResults } from './lib/report.mjs';
import { buildNote, pgServerUrl, startServer } from './lib/server.mjs';

const CONNECTIONS = 50;
const DURATION_S = 10;
const TARGET_P99_MS = 25;

async function load(server) {
  const { token } = await verifiedAccount(server, 'users-me');
  const opts = {
    url: `${server.url}/api/v1/users/me`,
    headers: { authorization: `Bearer ${token}` },
  };
  // Warm-up (JIT, connection pools), not counted.
  await autocannon({ ...opts, connections: 10, duration: 2 });
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

async function onEmbedded() {
  const server = await startServer();
  try {
    return await load(server);
  } finally {
    await server.stop();
  }
}

async function onPostgres() {
  const database = `nuage_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgServerUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database}`);
    const server = await startServer({ DATABASE_URL: `${pgServerUrl}/${database}` });
    try {
      return await load(server);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

const results = [
  ['embedded PostgreSQL (DATA_DIR)', await onEmbedded()],
  ['PostgreSQL 127.0.0.1:5432 (fresh database)', await onPostgres()],
];
const ok = results.every(([, r]) => r.p99 < TARGET_P99_MS && r.errors + r.non2xx === 0);
await appendResults({
  title: 'GET /api/v1/users/me under load (foundation issue)',
  command: `${buildNote}node bench/users-me-load.mjs`,
  lines: [
    `autocannon ${CONNECTIONS} connections × ${DURATION_S} s (after a 2 s warm-up at 10 connections, not counted), one verified account, \`Authorization: Bearer <token>\`; the server is the built API (RUNTIME=simulation, LOG_LEVEL=warn) on 127.0.0.1, in the same 2 cores as autocannon.`,
    '',
    '| database | requests/s | requests | p50 | p99 | max | errors (timeouts incl.) | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      ([name, r]) =>
        `| ${name} | ${r.rps.toFixed(0)} | ${r.total} | ${r.p50} ms | **${r.p99} ms** | ${r.max} ms | ${r.errors} | ${r.non2xx} |`,
    ),
  ],
  target: `p99 < ${TARGET_P99_MS} ms with no error: **${ok ? 'met' : 'MISSED'}** (${results.map(([n, r]) => `${n.split(' ')[0]} ${r.p99} ms`).join(', ')}).`,
});
if (!ok) process.exitCode = 1;
