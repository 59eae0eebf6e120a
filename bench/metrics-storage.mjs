// What the stored metrics (issue 28, docs/metrics.md) take per application: fills the three
// tables of migration 0027 (with the volumes' disk columns of 0033) with a full retention's rows for N applications (raw 48 h every
// METRICS_SAMPLE_SECONDS, 5-minute rows over 30 days, hourly rows over 13 months), then reads
// the tables' real sizes (heap, indexes and TOAST: pg_total_relation_size) after VACUUM.
//
//   node bench/metrics-storage.mjs postgres://postgres@127.0.0.1:5432/test [apps] [sampleSeconds]
//
// Works in a schema of its own (dropped at the end); prints a Markdown table.
import { readFileSync } from 'node:fs';
import pg from 'pg';

const [url = process.env.DATABASE_URL, appsArg = '20', sampleArg = '30'] = process.argv.slice(2);
if (!url) throw new Error('usage: node bench/metrics-storage.mjs <postgres url> [apps] [seconds]');
const apps = Number(appsArg);
const sampleSeconds = Number(sampleArg);
const schema = `metrics_bench_${process.pid}`;
const migration = ['0027_metrics_history.sql', '0032_volume_disk_usage.sql']
  .map((f) => readFileSync(new URL(`../apps/api/src/db/migrations/${f}`, import.meta.url), 'utf8'))
  .join('--> statement-breakpoint');

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  // The migration's tables and indexes, without the foreign keys to deployments.
  for (const statement of migration.split('--> statement-breakpoint')) {
    if (!/FOREIGN KEY/.test(statement)) await client.query(statement);
  }
  const ids = `(SELECT gen_random_uuid() AS id FROM generate_series(1, ${apps}))`;
  // Values that vary like real ones; rows in the order the worker writes them (oldest first,
  // every application's row of one moment together), which is what the indexes' fill depends on.
  await client.query(`INSERT INTO metric_samples
    SELECT a.id, now() - make_interval(secs => s * ${sampleSeconds}), 100 + (random() * 900)::int,
      50 + (random() * 500)::int, (random() * 50000)::int, (random() * 200000)::int, 0, false,
      (random() * 5000)::int, (random() * 100)::int
    FROM ${ids} a, generate_series(${(48 * 3600) / sampleSeconds}, 1, -1) s ORDER BY s DESC, a.id`);
  const rollups = (step, count) => `INSERT INTO metric_rollups
    SELECT a.id, ${step}, date_bin('${step} seconds', now(), timestamptz '2000-01-01') - make_interval(secs => b * ${step}),
      ${step / sampleSeconds}, 100 + (random() * 900)::int, 900 + (random() * 100)::int,
      50 + (random() * 500)::int, 550 + (random() * 50)::int, (random() * 50000)::int,
      (random() * 200000)::int, 0, false, (random() * 5000)::int, (random() * 100)::int
    FROM ${ids} a, generate_series(${count}, 1, -1) b ORDER BY b DESC, a.id`;
  await client.query(rollups(300, 30 * 288));
  await client.query(rollups(3600, 395 * 24));
  await client.query('VACUUM ANALYZE metric_samples, metric_rollups');
  const { rows } = await client.query(`SELECT c.relname AS table,
      (SELECT count(*) FROM ${schema}.metric_samples) AS samples,
      pg_total_relation_size(c.oid) AS total, pg_relation_size(c.oid) AS heap
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = '${schema}' AND c.relname IN ('metric_samples', 'metric_rollups')`);
  const counts =
    await client.query(`SELECT 'metric_samples' AS t, count(*)::int AS n FROM metric_samples
    UNION ALL SELECT 'metric_rollups', count(*)::int FROM metric_rollups`);
  const kib = (b) => (b / 1024).toFixed(0);
  console.log(
    `| table | rows per application | bytes per application (with indexes) | bytes per row |`,
  );
  console.log(`| --- | ---: | ---: | ---: |`);
  let total = 0;
  for (const r of rows) {
    const n = counts.rows.find((c) => c.t === r.table).n / apps;
    const perApp = Number(r.total) / apps;
    total += perApp;
    console.log(
      `| \`${r.table}\` | ${n.toFixed(0)} | ${kib(perApp)} KiB | ${(perApp / n).toFixed(0)} |`,
    );
  }
  console.log(`| **all** | | **${(total / 1024 / 1024).toFixed(2)} MiB** | |`);
  console.log(
    `\n${apps} applications, PostgreSQL ${(await client.query('SHOW server_version')).rows[0].server_version}, samples every ${sampleSeconds} s.`,
  );
} finally {
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
