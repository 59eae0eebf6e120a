import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The automatic scaling loop's SQL, on the metrics sampling's pattern (metrics-history/
 * sample-store.ts): a policy is claimed by moving `next_decision_at` past now in the statement
 * that selects it `FOR UPDATE SKIP LOCKED`, so one process decides once per application and period.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Enabled policies of applications the runtime runs. */
const RUNNING = sql`p.enabled AND d.desired_state = 'present' AND d.observed_generation > 0
  AND d.status <> 'DELETING'`;

/**
 * `kubernetes`: the policies whose HPA is read back (hpa-status.ts); otherwise those the
 * platform's loop decides (an HPA scales on Kubernetes).
 */
export async function claimDuePolicies(
  db: Executor,
  opts: { now: Date; intervalMs: number; limit: number; kubernetes?: boolean },
): Promise<string[]> {
  const DECIDABLE = opts.kubernetes
    ? sql`${RUNNING} AND d.runtime IS NOT DISTINCT FROM 'kubernetes'`
    : sql`${RUNNING} AND d.runtime IS DISTINCT FROM 'kubernetes'`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      WITH due AS (
        SELECT p.deployment_id FROM autoscaling_policies p
        JOIN deployments d ON d.id = p.deployment_id
        WHERE p.next_decision_at <= ${opts.now} AND ${DECIDABLE}
        ORDER BY p.next_decision_at
        LIMIT ${opts.limit}
        FOR UPDATE OF p SKIP LOCKED
      )
      UPDATE autoscaling_policies p
      SET next_decision_at = ${opts.now}::timestamptz + ${opts.intervalMs}::double precision * interval '1 millisecond'
      FROM due WHERE p.deployment_id = due.deployment_id
      RETURNING p.deployment_id AS id`),
  );
  return rows.map((r) => r.id);
}

/** When the next enabled policy falls due (null: none). */
export async function nextDecisionDueAt(db: Executor): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(
      sql`SELECT min(next_decision_at) AS at FROM autoscaling_policies WHERE enabled`,
    ),
  );
  return row?.at ? new Date(row.at) : null;
}

export interface WindowAverage {
  samples: number;
  cpuMilli: number | null;
  ramMb: number | null;
  simulated: boolean;
}

/** The raw samples' average since `from` (the application's CPU and memory, summed over replicas). */
export async function averageSince(
  db: Executor,
  deploymentId: string,
  from: Date,
): Promise<WindowAverage> {
  const [row] = rowsOf<{
    samples: string | number;
    cpu: string | number | null;
    ram: string | number | null;
    simulated: boolean | null;
  }>(
    await db.execute(sql`
      SELECT count(*) AS samples, avg(cpu_milli) AS cpu, avg(ram_mb) AS ram, bool_or(simulated) AS simulated
      FROM metric_samples WHERE at > ${from} AND deployment_id = ${deploymentId}`),
  );
  const num = (v: string | number | null | undefined) => (v == null ? null : Number(v));
  return {
    samples: Number(row?.samples ?? 0),
    cpuMilli: num(row?.cpu),
    ramMb: num(row?.ram),
    simulated: Boolean(row?.simulated),
  };
}
