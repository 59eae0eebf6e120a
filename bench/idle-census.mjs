// What a settled platform asks its database when nobody uses it (issue 32, idle < 0.2 % of a
// core): the built API with 50 applications (RUNTIME=simulation, LOG_LEVEL=info) on a fresh
// database of the PostgreSQL server, left alone, every statement counted for a while with the
// server's `log_statement = all` (set for the run, reset after; it needs a superuser and a
// readable server log). Statements are grouped by their text, parameters apart.
//
//   npm run build && node bench/idle-census.mjs
//   BENCH_IDLE_SETTLE_S=60 BENCH_IDLE_CENSUS_S=60 node bench/idle-census.mjs   # shorter
//   BENCH_PG_LOG=/var/log/postgresql/postgresql-16-main.log …                    # another server
//
// Appends a section to bench/RESULTS.md (the most frequent statements and the platform's CPU).
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import pg from 'pg';
import { client, verifiedAccount } from './lib/api.mjs';
import { treeCpuMs } from './lib/cpu.mjs';
import { appendResults } from './lib/report.mjs';
import { seedApplications } from './lib/seed.mjs';
import { buildNote, pgServerUrl, sleep, startServer } from './lib/server.mjs';

const SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_S ?? 120);
const CENSUS_S = Number(process.env.BENCH_IDLE_CENSUS_S ?? 180);
const LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const SHOWN = Number(process.env.BENCH_IDLE_SHOWN ?? 25);

async function admin(text) {
  const c = new pg.Client({ connectionString: `${pgServerUrl}/postgres` });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * The statements logged in `text` (PostgreSQL's `LOG:  statement: …` for simple queries and
 * `LOG:  execute <name>: …` for prepared ones, which carry their parameters apart), grouped.
 */
function countStatements(text) {
  const counts = new Map();
  const entry = /LOG: {2}(?:statement|execute [^:]*): ([\s\S]*?)(?=\n\d{4}-\d\d-\d\d |$)/g;
  for (const [, statement] of text.matchAll(entry)) {
    const key = statement.replace(/\s+/g, ' ').trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

const database = `nuage_census_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${database}`);
await admin("ALTER SYSTEM SET log_statement = 'all'");
await admin('SELECT pg_reload_conf()');
const server = await startServer({
  LOG_LEVEL: 'info',
  DATABASE_URL: `${pgServerUrl}/${database}`,
});
let counted;
let platformPct;
try {
  const { token } = await verifiedAccount(server, 'census');
  await seedApplications(client(server.url, token), { projects: 5, envs: 2, apps: 5 });
  await sleep(SETTLE_S * 1000);
  const from = (await stat(LOG)).size;
  const cpu0 = await treeCpuMs([server.child.pid]);
  await sleep(CENSUS_S * 1000);
  platformPct = ((await treeCpuMs([server.child.pid])) - cpu0) / (CENSUS_S * 10);
  // Only this database's sessions write here while the census runs… unless others use the
  // server too: the figures are then an upper bound.
  counted = countStatements((await readFile(LOG)).subarray(from).toString('utf8'));
} finally {
  await server.stop();
  await admin('ALTER SYSTEM RESET log_statement');
  await admin('SELECT pg_reload_conf()');
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

const total = counted.reduce((n, [, c]) => n + c, 0);
const perMinute = (c) => ((60 * c) / CENSUS_S).toFixed(1);
const lines = [
  `A settled platform with 50 applications (5 projects × 2 environments × 5; RUNTIME=simulation, LOG_LEVEL=info) on a fresh database of the PostgreSQL server, ${SETTLE_S} s after the last application ran, then ${CENSUS_S} s counted with \`log_statement = all\`: **${total} statements (${perMinute(total)} a minute)**; the platform's process ${platformPct.toFixed(3)} % of a core (its database's CPU is the server's, not counted).`,
  '',
  '| a minute | statement (first 140 characters) |',
  '| ---: | --- |',
  ...counted
    .slice(0, SHOWN)
    .map(
      ([s, c]) =>
        `| ${perMinute(c)} | \`${s.slice(0, 140).replaceAll('|', '\\|').replaceAll('`', "'")}\` |`,
    ),
  ...(counted.length > SHOWN
    ? [
        `| ${perMinute(counted.slice(SHOWN).reduce((n, [, c]) => n + c, 0))} | the ${counted.length - SHOWN} other statements |`,
      ]
    : []),
];
await appendResults({
  title: 'Statements of the idle platform (issue 32)',
  command: `${buildNote}node bench/idle-census.mjs`,
  lines,
  target:
    'none of its own: `node bench/hot-path.mjs` measures idle CPU against < 0.2 % of a core; this says what the platform still does at idle',
});
