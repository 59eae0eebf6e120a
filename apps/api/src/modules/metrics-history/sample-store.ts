import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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

/** A monitor for every running application that has none, its first slot spread over one interval. */
export async function ensureMetricMonitors(db: Executor, opts: { now: Date; intervalMs: number }) {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO metric_monitors (deployment_id, next_sample_at)
      SELECT d.id, ${opts.now}::timestamptz + random() * ${opts.intervalMs}::double precision * interval '1 millisecond'
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

/** Stores one reading (and its services') and the totals the next one needs; clears any notice. */
export async function recordSample(db: Executor, claimed: ClaimedSample, r: Reading) {
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
  const serviceBytes = r.services?.length ? JSON.stringify(serviceBytesOf(r.services)) : null;
  const rx = ratePerSecond(claimed.lastRxBytes, r.rxBytes, seconds);
  const tx = ratePerSecond(claimed.lastTxBytes, r.txBytes, seconds);
  await db.execute(sql`
    INSERT INTO metric_samples (deployment_id, at, cpu_milli, ram_mb, rx_bps, tx_bps, restarts,
      disk_used_mb, disk_percent, simulated)
    VALUES (${claimed.deploymentId}, ${r.at}, ${Math.round(r.cpuMilli)}, ${Math.round(r.ramMb)},
            ${rx}, ${tx}, ${r.restarts}, ${r.diskUsedMb}, ${r.diskPercent}, ${r.simulated})
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`UPDATE metric_monitors SET last_rx_bytes = ${r.rxBytes},
      last_tx_bytes = ${r.txBytes}, last_read_at = ${r.at}, notice = NULL,
      disk_notice = ${r.diskNotice}, last_service_bytes = ${serviceBytes}::jsonb
    WHERE deployment_id = ${claimed.deploymentId}`);
}

/** Keeps why no measure came (shown with the graphs); the totals start again afterwards. */
export async function recordNotice(db: Executor, deploymentId: string, notice: string) {
  await db.execute(sql`UPDATE metric_monitors SET notice = ${notice}, last_rx_bytes = NULL,
      last_tx_bytes = NULL, last_read_at = NULL, last_service_bytes = NULL
    WHERE deployment_id = ${deploymentId}`);
}
