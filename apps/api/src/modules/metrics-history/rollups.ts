import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';

/**
 * Roll-ups and pruning of the stored metrics (docs/metrics.md). Each roll-up recomputes whole
 * buckets from the finer rows and upserts them: run twice, or by two processes one after the
 * other, it writes the same rows. Only finished buckets are written, from the last one written
 * (again, in case samples came late) on, as `metric_rollup_marks` says, so a stop of the
 * platform leaves no hole to fill by hand. One process at a time does it (a transaction-scoped advisory lock); another one that
 * finds the lock taken skips its turn.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export const RETENTION = {
  raw: '48 hours',
  fiveMinutes: '30 days',
  hour: '13 months',
} as const;

/**
 * The two sets of rows rolled up and pruned alike: each application's, and each service's of a
 * Compose application (identical columns; a service's rows are keyed by it too). One mark per
 * step serves both: they are rolled up in the same transaction, up to the same bucket.
 */
export interface MetricTables {
  samples: SQL;
  rollups: SQL;
  /** The columns that name whose rows they are. */
  key: SQL;
}

export const APPLICATION_TABLES: MetricTables = {
  samples: sql.raw('metric_samples'),
  rollups: sql.raw('metric_rollups'),
  key: sql.raw('deployment_id'),
};

export const SERVICE_TABLES: MetricTables = {
  samples: sql.raw('metric_service_samples'),
  rollups: sql.raw('metric_service_rollups'),
  key: sql.raw('deployment_id, service'),
};

const BOTH = [APPLICATION_TABLES, SERVICE_TABLES];

/** The advisory lock's key: 'metr' in ASCII, distinct from the other locks of the platform. */
const ROLLUP_LOCK = 0x6d657472;

/**
 * Where a step's roll-up starts: the start of the last bucket it wrote (written again, in case
 * rows came late), else as far back as its source is kept.
 */
const since = (step: number, sourceRetention: string, now: Date) => sql`coalesce(
  (SELECT rolled_until - ${sql.raw(`interval '${step} seconds'`)} FROM metric_rollup_marks
    WHERE step_seconds = ${step}),
  ${now}::timestamptz - ${sourceRetention}::interval)`;

/** Records that a step's buckets are written up to the one `now` is in. */
const mark = (db: Executor, step: number, now: Date) =>
  db.execute(sql`INSERT INTO metric_rollup_marks (step_seconds, rolled_until)
    VALUES (${step}, ${bucket(step, sql`${now}::timestamptz`)})
    ON CONFLICT (step_seconds) DO UPDATE
      SET rolled_until = greatest(metric_rollup_marks.rolled_until, excluded.rolled_until)`);

/** Whether the hour `now` is in was rolled up already (then the hourly work waits for the next). */
async function hourDone(db: Executor, now: Date): Promise<boolean> {
  const [row] = rowsOf<{ done: boolean }>(
    await db.execute(sql`SELECT rolled_until >= ${bucket(3600, sql`${now}::timestamptz`)} AS done
      FROM metric_rollup_marks WHERE step_seconds = 3600`),
  );
  return row?.done ?? false;
}

const bucket = (step: number, time: SQL) =>
  sql`date_bin(${sql.raw(`interval '${step} seconds'`)}, ${time}, timestamptz '2000-01-01 00:00:00+00')`;

/** 5-minute buckets from the raw samples; answers how many buckets were written. */
export async function rollUpFiveMinutes(db: Executor, now: Date): Promise<number> {
  let written = 0;
  for (const tables of BOTH) written += await rollUpFiveMinutesOf(db, now, tables);
  await mark(db, 300, now);
  return written;
}

async function rollUpFiveMinutesOf(db: Executor, now: Date, t: MetricTables): Promise<number> {
  const b = bucket(300, sql`s.at`);
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`WITH written AS (
      INSERT INTO ${t.rollups} (${t.key}, step_seconds, bucket_at, samples, cpu_avg,
        cpu_max, ram_avg, ram_max, rx_avg, tx_avg, restarts, disk_used_mb, disk_percent, simulated)
      SELECT ${t.key}, 300, ${b}, count(*)::int, round(avg(s.cpu_milli))::int,
        max(s.cpu_milli), round(avg(s.ram_mb))::int, max(s.ram_mb), round(avg(s.rx_bps))::int,
        round(avg(s.tx_bps))::int, max(s.restarts), max(s.disk_used_mb), max(s.disk_percent),
        bool_or(s.simulated)
      FROM ${t.samples} s
      WHERE s.at >= ${since(300, RETENTION.raw, now)}
        AND s.at < ${bucket(300, sql`${now}::timestamptz`)}
      GROUP BY ${t.key}, ${b}
      ON CONFLICT (${t.key}, step_seconds, bucket_at) DO UPDATE SET
        samples = excluded.samples, cpu_avg = excluded.cpu_avg, cpu_max = excluded.cpu_max,
        ram_avg = excluded.ram_avg, ram_max = excluded.ram_max, rx_avg = excluded.rx_avg,
        tx_avg = excluded.tx_avg, restarts = excluded.restarts,
        disk_used_mb = excluded.disk_used_mb, disk_percent = excluded.disk_percent,
        simulated = excluded.simulated
      RETURNING 1) SELECT count(*)::int AS n FROM written`),
  );
  return rows[0]!.n;
}

/** Hourly buckets from the 5-minute ones, averages weighted by their samples. */
export async function rollUpHours(db: Executor, now: Date): Promise<number> {
  let written = 0;
  for (const tables of BOTH) written += await rollUpHoursOf(db, now, tables);
  await mark(db, 3600, now);
  return written;
}

async function rollUpHoursOf(db: Executor, now: Date, t: MetricTables): Promise<number> {
  const b = bucket(3600, sql`r.bucket_at`);
  const weighted = (column: string) =>
    sql.raw(
      `round(sum(r.${column}::bigint * r.samples) FILTER (WHERE r.${column} IS NOT NULL)::numeric / nullif(sum(r.samples) FILTER (WHERE r.${column} IS NOT NULL), 0))::int`,
    );
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`WITH written AS (
      INSERT INTO ${t.rollups} (${t.key}, step_seconds, bucket_at, samples, cpu_avg,
        cpu_max, ram_avg, ram_max, rx_avg, tx_avg, restarts, disk_used_mb, disk_percent, simulated)
      SELECT ${t.key}, 3600, ${b}, sum(r.samples)::int, ${weighted('cpu_avg')},
        max(r.cpu_max), ${weighted('ram_avg')}, max(r.ram_max), ${weighted('rx_avg')},
        ${weighted('tx_avg')}, max(r.restarts), max(r.disk_used_mb), max(r.disk_percent),
        bool_or(r.simulated)
      FROM ${t.rollups} r
      WHERE r.step_seconds = 300
        AND r.bucket_at >= ${since(3600, RETENTION.fiveMinutes, now)}
        AND r.bucket_at < ${bucket(3600, sql`${now}::timestamptz`)}
      GROUP BY ${t.key}, ${b}
      ON CONFLICT (${t.key}, step_seconds, bucket_at) DO UPDATE SET
        samples = excluded.samples, cpu_avg = excluded.cpu_avg, cpu_max = excluded.cpu_max,
        ram_avg = excluded.ram_avg, ram_max = excluded.ram_max, rx_avg = excluded.rx_avg,
        tx_avg = excluded.tx_avg, restarts = excluded.restarts,
        disk_used_mb = excluded.disk_used_mb, disk_percent = excluded.disk_percent,
        simulated = excluded.simulated
      RETURNING 1) SELECT count(*)::int AS n FROM written`),
  );
  return rows[0]!.n;
}

/** Drops the rows past their time, the applications' and the services' alike; answers how many went. */
export async function pruneMetrics(db: Executor, now: Date): Promise<number> {
  const deleted = async (query: SQL) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`WITH gone AS (${query} RETURNING 1)
      SELECT count(*)::int AS n FROM gone`),
    )[0]!.n;
  let pruned = 0;
  for (const t of BOTH) {
    pruned +=
      (await deleted(sql`DELETE FROM ${t.samples}
        WHERE at < ${now}::timestamptz - ${RETENTION.raw}::interval`)) +
      (await deleted(sql`DELETE FROM ${t.rollups} WHERE step_seconds = 300
        AND bucket_at < ${now}::timestamptz - ${RETENTION.fiveMinutes}::interval`)) +
      (await deleted(sql`DELETE FROM ${t.rollups} WHERE step_seconds = 3600
        AND bucket_at < ${now}::timestamptz - ${RETENTION.hour}::interval`));
  }
  return pruned;
}

export interface Maintenance {
  fiveMinutes: number;
  hours: number;
  pruned: number;
}

/**
 * The 5-minute roll-up at every turn; the hourly one and the pruning once an hour, when the hour
 * has turned (they read the 5-minute rows of every application). One transaction under the
 * advisory lock: null when another process holds it (its turn does the same work).
 */
export async function maintainMetrics(db: Database, now: Date): Promise<Maintenance | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${ROLLUP_LOCK}) AS ok`),
    );
    if (!lock?.ok) return null;
    const fiveMinutes = await rollUpFiveMinutes(tx, now);
    if (await hourDone(tx, now)) return { fiveMinutes, hours: 0, pruned: 0 };
    const hours = await rollUpHours(tx, now);
    const pruned = await pruneMetrics(tx, now);
    return { fiveMinutes, hours, pruned };
  });
}
