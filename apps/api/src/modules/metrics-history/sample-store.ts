import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nextSlotOnGrid } from '../../db/slot-grid';
import type { ServiceBytes } from '../../db/schema/metrics';
import type { ServiceMetrics } from '../../engine/driver';
import { ratePerSecond } from './rate';
import { insertServiceSamples, serviceBytesOf } from './service-samples';

/**
 * The metrics sampling's SQL, on the uptime checks' pattern (uptime/check-store.ts): a monitor
 * is claimed by moving `next_sample_at` past now in the statement that selects it `FOR UPDATE
 * SKIP LOCKED`, so two processes polling at once never sample one application in one slot.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Applications the runtime runs: applied once, not being removed. */
const RUNNING = sql`d.desired_state = 'present' AND d.observed_generation > 0 AND d.status <> 'DELETING'`;

/**
 * A monitor for every running application that has none. Its slots are on the interval's grid,
 * as every other monitor's: one pass samples all the applications due then, and records them in
 * one statement (spread-out slots made a small pass every few seconds, each paying the same
 * statements for a few rows). The claim's limit and the reads' pool bound the burst.
 */
export async function ensureMetricMonitors(db: Executor, opts: { now: Date; intervalMs: number }) {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO metric_monitors (deployment_id, next_sample_at)
      SELECT d.id, ${nextSlotOnGrid(opts)}
      FROM deployments d
      WHERE ${RUNNING}
        AND NOT EXISTS (SELECT 1 FROM metric_monitors m WHERE m.deployment_id = d.id)
      ON CONFLICT (deployment_id) DO NOTHING
      RETURNING deployment_id AS id`),
  );
  return rows.length;
}

export interface ClaimedSample {
  deploymentId: string;
  lastRxBytes: number | null;
  lastTxBytes: number | null;
  lastReadAt: Date | null;
  /** A Compose application's previous totals per service (null before the first, or none). */
  lastServiceBytes: ServiceBytes | null;
}

export async function claimDueSamples(
  db: Executor,
  opts: { now: Date; intervalMs: number; limit: number },
): Promise<ClaimedSample[]> {
  const step = sql`(${opts.intervalMs}::double precision * interval '1 millisecond')`;
  // Missed slots are skipped, not caught up: the next one is the first after now.
  const next = sql`m.next_sample_at + ${step} * (floor(extract(epoch FROM (${opts.now}::timestamptz - m.next_sample_at)) * 1000 / ${opts.intervalMs}::double precision) + 1)::double precision`;
  const rows = rowsOf<{
    deploymentId: string;
    lastRxBytes: string | number | null;
    lastTxBytes: string | number | null;
    lastReadAt: string | Date | null;
    lastServiceBytes: ServiceBytes | null;
  }>(
    await db.execute(sql`
      WITH due AS (
        SELECT m.deployment_id FROM metric_monitors m
        JOIN deployments d ON d.id = m.deployment_id
        WHERE m.next_sample_at <= ${opts.now} AND ${RUNNING}
        ORDER BY m.next_sample_at
        LIMIT ${opts.limit}
        FOR UPDATE OF m SKIP LOCKED
      )
      UPDATE metric_monitors m SET next_sample_at = ${next}
      FROM due WHERE m.deployment_id = due.deployment_id
      RETURNING m.deployment_id AS "deploymentId", m.last_rx_bytes AS "lastRxBytes",
        m.last_tx_bytes AS "lastTxBytes", m.last_read_at AS "lastReadAt",
        m.last_service_bytes AS "lastServiceBytes"`),
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    deploymentId: r.deploymentId,
    lastRxBytes: num(r.lastRxBytes),
    lastTxBytes: num(r.lastTxBytes),
    lastReadAt: r.lastReadAt ? new Date(r.lastReadAt) : null,
    lastServiceBytes: r.lastServiceBytes,
  }));
}

/** When the next monitor falls due (null: none). */
export async function nextSampleDueAt(db: Executor): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`SELECT min(next_sample_at) AS at FROM metric_monitors`),
  );
  return row?.at ? new Date(row.at) : null;
}

export interface Reading {
  at: Date;
  cpuMilli: number;
  ramMb: number;
  rxBytes: number | null;
  txBytes: number | null;
  restarts: number | null;
  /** The volumes' MB used in all and the fullest one's %; null where not measured. */
  diskUsedMb: number | null;
  diskPercent: number | null;
  /** Why the volumes' use is not measured (French); null when it is, or not asked for. */
  diskNotice: string | null;
  simulated: boolean;
  /** A Compose application's usage per service (its samples beside the application's). */
  services?: ServiceMetrics[] | undefined;
}

/** One claimed sample and what the runtime read for it. */
export interface SampleReading {
  claimed: ClaimedSample;
  reading: Reading;
}

/**
 * Stores a pass's readings (and their services') and the totals each next one needs, clearing
 * any notice: one statement for the whole batch (a settled platform samples every application
 * every interval: its cost is statements, the rows are small).
 */
export async function recordSamples(db: Executor, batch: SampleReading[]) {
  if (!batch.length) return;
  const rows = [];
  for (const { claimed, reading: r } of batch) {
    const seconds = claimed.lastReadAt ? (r.at.getTime() - claimed.lastReadAt.getTime()) / 1000 : 0;
    if (r.services?.length)
      await insertServiceSamples(db, {
        deploymentId: claimed.deploymentId,
        at: r.at,
        simulated: r.simulated,
        services: r.services,
        previous: claimed.lastServiceBytes,
        seconds,
      });
    rows.push({
      deployment_id: claimed.deploymentId,
      at: r.at.toISOString(),
      cpu_milli: Math.round(r.cpuMilli),
      ram_mb: Math.round(r.ramMb),
      rx_bps: ratePerSecond(claimed.lastRxBytes, r.rxBytes, seconds),
      tx_bps: ratePerSecond(claimed.lastTxBytes, r.txBytes, seconds),
      restarts: r.restarts,
      disk_used_mb: r.diskUsedMb,
      disk_percent: r.diskPercent,
      simulated: r.simulated,
      rx_bytes: r.rxBytes,
      tx_bytes: r.txBytes,
      disk_notice: r.diskNotice,
      service_bytes: r.services?.length ? serviceBytesOf(r.services) : null,
    });
  }
  await db.execute(sql`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        deployment_id uuid, at timestamptz, cpu_milli integer, ram_mb integer, rx_bps integer,
        tx_bps integer, restarts integer, disk_used_mb integer, disk_percent smallint,
        simulated boolean, rx_bytes bigint, tx_bytes bigint, disk_notice text, service_bytes jsonb)
    ), samples AS (
      INSERT INTO metric_samples (deployment_id, at, cpu_milli, ram_mb, rx_bps, tx_bps, restarts,
        disk_used_mb, disk_percent, simulated)
      SELECT deployment_id, at, cpu_milli, ram_mb, rx_bps, tx_bps, restarts, disk_used_mb,
        disk_percent, simulated FROM r
      ON CONFLICT DO NOTHING
    )
    UPDATE metric_monitors m SET last_rx_bytes = r.rx_bytes, last_tx_bytes = r.tx_bytes,
      last_read_at = r.at, notice = NULL, disk_notice = r.disk_notice,
      last_service_bytes = r.service_bytes
    FROM r WHERE m.deployment_id = r.deployment_id`);
}

/** Keeps why no measure came (shown with the graphs); the totals start again afterwards. */
export async function recordNotice(db: Executor, deploymentId: string, notice: string) {
  await db.execute(sql`UPDATE metric_monitors SET notice = ${notice}, last_rx_bytes = NULL,
      last_tx_bytes = NULL, last_read_at = NULL, last_service_bytes = NULL
    WHERE deployment_id = ${deploymentId}`);
}
