import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { RETENTION } from '../metrics-history/rollups';

/**
 * Roll-ups and pruning of the traffic rows, on the resource metrics' pattern
 * (metrics-history/rollups.ts, same retention): 5-minute sums from the minutes, hourly sums
 * from the 5-minute ones, whole buckets recomputed and upserted from where the last turn
 * stopped (traffic_reads keeps how far), so running twice writes the same rows. Counts add up;
 * the response-time histograms add up bucket by bucket.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

const bucket = (step: number, time: SQL) =>
  sql`date_bin(${sql.raw(`interval '${step} seconds'`)}, ${time}, timestamptz '2000-01-01 00:00:00+00')`;

const MARK = { 300: sql.raw('rolled_5m_until'), 3600: sql.raw('rolled_1h_until') } as const;

async function rollUp(db: Executor, step: 300 | 3600, now: Date): Promise<number> {
  const source =
    step === 300
      ? { rows: sql`traffic_samples`, at: sql`at`, where: sql`TRUE`, keep: RETENTION.raw }
      : {
          rows: sql`traffic_rollups`,
          at: sql`bucket_at`,
          where: sql`step_seconds = 300`,
          keep: RETENTION.fiveMinutes,
        };
  const since = sql`coalesce((SELECT ${MARK[step]} - ${sql.raw(`interval '${step} seconds'`)}
    FROM traffic_reads WHERE id = 1), ${now}::timestamptz - ${source.keep}::interval)`;
  const end = bucket(step, sql`${now}::timestamptz`);
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`WITH src AS (
        SELECT deployment_id, ${bucket(step, source.at)} AS b, requests, status_2xx, status_3xx,
          status_4xx, status_5xx, duration_buckets, simulated
        FROM ${source.rows}
        WHERE ${source.where} AND ${source.at} >= ${since} AND ${source.at} < ${end}
      ), sums AS (
        SELECT deployment_id, b, sum(requests)::int AS requests, sum(status_2xx)::int AS s2,
          sum(status_3xx)::int AS s3, sum(status_4xx)::int AS s4, sum(status_5xx)::int AS s5,
          bool_or(simulated) AS simulated
        FROM src GROUP BY deployment_id, b
      ), hist AS (
        SELECT deployment_id, b, array_agg(n ORDER BY i) AS buckets FROM (
          SELECT src.deployment_id, src.b, u.i, sum(u.v)::int AS n
          FROM src, unnest(src.duration_buckets) WITH ORDINALITY AS u(v, i)
          GROUP BY src.deployment_id, src.b, u.i) x
        GROUP BY deployment_id, b
      ), written AS (
        INSERT INTO traffic_rollups (deployment_id, step_seconds, bucket_at, requests, status_2xx,
          status_3xx, status_4xx, status_5xx, duration_buckets, simulated)
        SELECT s.deployment_id, ${step}, s.b, s.requests, s.s2, s.s3, s.s4, s.s5, h.buckets, s.simulated
        FROM sums s JOIN hist h ON h.deployment_id = s.deployment_id AND h.b = s.b
        ON CONFLICT (deployment_id, step_seconds, bucket_at) DO UPDATE SET
          requests = excluded.requests, status_2xx = excluded.status_2xx,
          status_3xx = excluded.status_3xx, status_4xx = excluded.status_4xx,
          status_5xx = excluded.status_5xx, duration_buckets = excluded.duration_buckets,
          simulated = excluded.simulated
        RETURNING 1)
      SELECT count(*)::int AS n FROM written`),
  );
  await db.execute(sql`INSERT INTO traffic_reads (id, ${MARK[step]}) VALUES (1, ${end})
    ON CONFLICT (id) DO UPDATE SET ${MARK[step]} =
      greatest(traffic_reads.${MARK[step]}, excluded.${MARK[step]})`);
  return rows[0]!.n;
}

export const rollUpTrafficFiveMinutes = (db: Executor, now: Date) => rollUp(db, 300, now);
export const rollUpTrafficHours = (db: Executor, now: Date) => rollUp(db, 3600, now);

/**
 * Minutes that came late (the log read after the platform was stopped a while) are rolled up
 * too: both roll-ups start again from the bucket of the earliest one.
 */
export async function rewindTrafficMarks(db: Executor, earliest: Date) {
  await db.execute(sql`UPDATE traffic_reads SET
    rolled_5m_until = least(rolled_5m_until, ${bucket(300, sql`${earliest}::timestamptz`)}),
    rolled_1h_until = least(rolled_1h_until, ${bucket(3600, sql`${earliest}::timestamptz`)})
    WHERE id = 1`);
}

/** Whether the hour `now` is in was rolled up already. */
export async function trafficHourDone(db: Executor, now: Date): Promise<boolean> {
  const [row] = rowsOf<{ done: boolean | null }>(
    await db.execute(sql`SELECT rolled_1h_until >= ${bucket(3600, sql`${now}::timestamptz`)} AS done
      FROM traffic_reads WHERE id = 1`),
  );
  return row?.done ?? false;
}

/** Drops the rows past their time (the resource metrics' retention); answers how many went. */
export async function pruneTraffic(db: Executor, now: Date): Promise<number> {
  const deleted = async (query: SQL) =>
    rowsOf<{ n: number }>(
      await db.execute(
        sql`WITH gone AS (${query} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      ),
    )[0]!.n;
  return (
    (await deleted(sql`DELETE FROM traffic_samples
      WHERE at < ${now}::timestamptz - ${RETENTION.raw}::interval`)) +
    (await deleted(sql`DELETE FROM traffic_rollups WHERE step_seconds = 300
      AND bucket_at < ${now}::timestamptz - ${RETENTION.fiveMinutes}::interval`)) +
    (await deleted(sql`DELETE FROM traffic_rollups WHERE step_seconds = 3600
      AND bucket_at < ${now}::timestamptz - ${RETENTION.hour}::interval`))
  );
}

/** The 5-minute roll-up every turn; the hourly one and the pruning once the hour turned. */
export async function maintainTraffic(db: Executor, now: Date) {
  const fiveMinutes = await rollUpTrafficFiveMinutes(db, now);
  if (await trafficHourDone(db, now)) return { fiveMinutes, hours: 0, pruned: 0 };
  const hours = await rollUpTrafficHours(db, now);
  const pruned = await pruneTraffic(db, now);
  return { fiveMinutes, hours, pruned };
}
