import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { TrafficMinute, TrafficReading } from '../../engine/driver';

/** The traffic reading's SQL: the one state row, and the minutes added up into their rows. */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export interface TrafficState {
  cursor: string | null;
  source: TrafficReading['source'] | null;
  notice: string | null;
}

export async function readState(db: Executor): Promise<TrafficState | null> {
  const [row] = rowsOf<TrafficState>(
    await db.execute(sql`SELECT cursor, source, notice FROM traffic_reads WHERE id = 1`),
  );
  return row ?? null;
}

export async function writeState(
  db: Executor,
  state: { cursor: string | null; source: string; notice: string | null; at: Date },
) {
  await db.execute(sql`INSERT INTO traffic_reads (id, cursor, read_at, source, notice)
    VALUES (1, ${state.cursor}, ${state.at}, ${state.source}, ${state.notice})
    ON CONFLICT (id) DO UPDATE SET cursor = excluded.cursor, read_at = excluded.read_at,
      source = excluded.source, notice = excluded.notice`);
}

/** Applications the runtime runs (the simulation computes traffic for them). */
export async function runningApplications(db: Executor): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM deployments
      WHERE desired_state = 'present' AND observed_generation > 0 AND status <> 'DELETING'`),
  ).map((r) => r.id);
}

/**
 * Adds the minutes to their rows (a minute read in two parts, e.g. across a roll-over of the
 * log, adds up). Minutes of applications removed meanwhile are dropped.
 */
export async function recordMinutes(db: Executor, minutes: TrafficMinute[], simulated: boolean) {
  for (let i = 0; i < minutes.length; i += 500) {
    const values = minutes.slice(i, i + 500).map(
      (m) => sql`(${m.deploymentId}::uuid, ${new Date(m.at)}::timestamptz, ${m.requests}::int,
        ${m.status2xx}::int, ${m.status3xx}::int, ${m.status4xx}::int, ${m.status5xx}::int,
        ${`{${m.buckets.map((n) => Math.round(n)).join(',')}}`}::int[])`,
    );
    await db.execute(sql`INSERT INTO traffic_samples AS t (deployment_id, at, requests,
        status_2xx, status_3xx, status_4xx, status_5xx, duration_buckets, simulated)
      SELECT v.*, ${simulated} FROM (VALUES ${sql.join(values, sql`, `)})
        AS v(deployment_id, at, requests, s2, s3, s4, s5, buckets)
      WHERE EXISTS (SELECT 1 FROM deployments d WHERE d.id = v.deployment_id)
      ON CONFLICT (at, deployment_id) DO UPDATE SET
        requests = t.requests + excluded.requests,
        status_2xx = t.status_2xx + excluded.status_2xx,
        status_3xx = t.status_3xx + excluded.status_3xx,
        status_4xx = t.status_4xx + excluded.status_4xx,
        status_5xx = t.status_5xx + excluded.status_5xx,
        duration_buckets = ARRAY(SELECT a + b FROM unnest(t.duration_buckets, excluded.duration_buckets) AS u(a, b)),
        simulated = t.simulated OR excluded.simulated`);
  }
}
