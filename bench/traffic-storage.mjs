// What the stored traffic metrics (issue 28 item 2, docs/metrics.md) take per application: fills
// the tables of the traffic migration with a full retention's rows for N applications busy every
// minute (the most rows there can be: a minute without requests has no row), then reads the
// tables' real sizes (heap, indexes and TOAST: pg_total_relation_size) after VACUUM.
//
//   node bench/traffic-storage.mjs postgres://postgres@127.0.0.1:5432/test [apps]
//
// Works in a schema of its own (dropped at the end); prints a Markdown table.
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';

const [url = process.env.DATABASE_URL, appsArg = '20'] = process.argv.slice(2);
if (!url) throw new Error('usage: node bench/traffic-storage.mjs <postgres url> [apps]');
const apps = Number(appsArg);
const schema = `traffic_bench_${process.pid}`;
const dir = new URL('../apps/api/src/db/migrations/', import.meta.url);
const file = readdirSync(dir).find((f) => /_traffic_metrics\.sql$/.test(f));
const migration = readFileSync(new URL(file, dir), 'utf8');

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  // The migration's tables and indexes, without the foreign keys to deployments.
  for (const statement of migration.split('--> statement-breakpoint')) {
    if (!/FOREIGN KEY/.test(statement)) await client.query(statement);
  }
  const ids = `(SELECT gen_random_uuid() AS id FROM generate_series(1, ${apps}))`;
  // A histogram of 14 counts as a busy application gives (most in 10–250 ms, a slow tail).
  const histogram = (scale) =>
    `ARRAY[0, 1, 3, 8, (random() * 20 * ${scale})::int, (random() * 40 * ${scale})::int,
      (random() * 30 * ${scale})::int, (random() * 15 * ${scale})::int, (random() * 4 * ${scale})::int,
      (random() * 2 * ${scale})::int, (random() * ${scale})::int, 0, 0, 0]`;
  const counts = (scale) => `(random() * 120 * ${scale})::int, (random() * 100 * ${scale})::int,
      (random() * 8 * ${scale})::int, (random() * 6 * ${scale})::int, (random() * ${scale})::int`;
  // Rows in the order the worker writes them (oldest first, every application's minute together).
  await client.query(`INSERT INTO traffic_samples
    SELECT a.id, date_bin('60 seconds', now(), timestamptz '2000-01-01') - make_interval(mins => s),
      ${counts(1)}, ${histogram(1)}, false
    FROM ${ids} a, generate_series(${48 * 60}, 1, -1) s ORDER BY s DESC, a.id`);
  const rollups = (step, count) => `INSERT INTO traffic_rollups
    SELECT a.id, ${step}, date_bin('${step} seconds', now(), timestamptz '2000-01-01') - make_interval(secs => b * ${step}),
      ${counts(step / 60)}, ${histogram(step / 60)}, false
    FROM ${ids} a, generate_series(${count}, 1, -1) b ORDER BY b DESC, a.id`;
  await client.query(rollups(300, 30 * 288));
  await client.query(rollups(3600, 395 * 24));
  await client.query('VACUUM ANALYZE traffic_samples, traffic_rollups');
  const { rows } = await client.query(`SELECT c.relname AS table,
      pg_total_relation_size(c.oid) AS total
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = '${schema}' AND c.relname IN ('traffic_samples', 'traffic_rollups')`);
  const n =
    await client.query(`SELECT 'traffic_samples' AS t, count(*)::int AS n FROM traffic_samples
    UNION ALL SELECT 'traffic_rollups', count(*)::int FROM traffic_rollups`);
  const kib = (b) => (b / 1024).toFixed(0);
  console.log(
    `| table | rows per application | bytes per application (with indexes) | bytes per row |`,
  );
  console.log(`| --- | ---: | ---: | ---: |`);
  let total = 0;
  for (const r of rows) {
    const count = n.rows.find((c) => c.t === r.table).n / apps;
    const perApp = Number(r.total) / apps;
    total += perApp;
    console.log(
      `| \`${r.table}\` | ${count.toFixed(0)} | ${kib(perApp)} KiB | ${(perApp / count).toFixed(0)} |`,
    );
  }
  console.log(`| **all** | | **${(total / 1024 / 1024).toFixed(2)} MiB** | |`);
  console.log(
    `\n${apps} applications, PostgreSQL ${(await client.query('SHOW server_version')).rows[0].server_version}, a row every minute.`,
  );
} finally {
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
