import type { MetricAlertKind } from '@nuage/shared/schemas/metric-alerts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AlertSample, TrafficMinute } from './evaluate';

/**
 * The metric alerts' SQL, on the metrics sampling's pattern (metrics-history/sample-store.ts):
 * a rule is claimed by moving `next_eval_at` to the next slot in the statement that selects it
 * `FOR UPDATE SKIP LOCKED`, so two API processes never evaluate one rule in one slot.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export interface ClaimedRule {
  id: string;
  deploymentId: string;
  kind: MetricAlertKind;
  threshold: number;
  windowMinutes: number;
  /** The application's limit times its replicas. */
  limits: { cpuMilli: number; ramMb: number };
  /** The open alert, if any. */
  openIncidentId: string | null;
}

export async function claimDueRules(
  db: Executor,
  opts: { now: Date; intervalMs: number; limit: number },
): Promise<ClaimedRule[]> {
  const rows = rowsOf<{
    id: string;
    deploymentId: string;
    kind: MetricAlertKind;
    threshold: number;
    windowMinutes: number;
    cpuMilli: number;
    ramMb: number;
    openIncidentId: string | null;
  }>(
    await db.execute(sql`
      WITH due AS (
        SELECT r.id FROM metric_alert_rules r
        WHERE r.enabled AND r.next_eval_at <= ${opts.now}
        ORDER BY r.next_eval_at
        LIMIT ${opts.limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE metric_alert_rules r
      SET next_eval_at = ${opts.now}::timestamptz + ${opts.intervalMs}::double precision * interval '1 millisecond'
      FROM due, deployments d
      WHERE r.id = due.id AND d.id = r.deployment_id
      RETURNING r.id, r.deployment_id AS "deploymentId", r.kind, r.threshold,
        r.window_minutes AS "windowMinutes", d.cpu_milli * d.replicas AS "cpuMilli",
        d.ram_mb * d.replicas AS "ramMb",
        (SELECT i.id FROM metric_alert_incidents i
         WHERE i.rule_id = r.id AND i.ended_at IS NULL) AS "openIncidentId"`),
  );
  return rows.map((r) => ({
    id: r.id,
    deploymentId: r.deploymentId,
    kind: r.kind,
    threshold: r.threshold,
    windowMinutes: r.windowMinutes,
    limits: { cpuMilli: Number(r.cpuMilli), ramMb: Number(r.ramMb) },
    openIncidentId: r.openIncidentId,
  }));
}

/** When the next enabled rule falls due (null: none). */
export async function nextRuleDueAt(db: Executor): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`SELECT min(next_eval_at) AS at FROM metric_alert_rules WHERE enabled`),
  );
  return row?.at ? new Date(row.at) : null;
}

/** One application's raw samples since `since` (the last minutes: a range of the key). */
export async function samplesSince(
  db: Executor,
  deploymentId: string,
  since: Date,
): Promise<AlertSample[]> {
  const rows = rowsOf<{
    at: string | Date;
    cpuMilli: number;
    ramMb: number;
    restarts: number | null;
    diskPercent: number | null;
  }>(
    await db.execute(sql`
      SELECT at, cpu_milli AS "cpuMilli", ram_mb AS "ramMb", restarts,
        disk_percent AS "diskPercent" FROM metric_samples
      WHERE at > ${since} AND deployment_id = ${deploymentId} ORDER BY at`),
  );
  return rows.map((r) => ({
    at: new Date(r.at).getTime(),
    cpuMilli: r.cpuMilli,
    ramMb: r.ramMb,
    restarts: r.restarts,
    diskPercent: r.diskPercent,
  }));
}

/** The application's minutes of traffic at the edge since `since` (the 5xx rule's window). */
export async function trafficSince(
  db: Executor,
  deploymentId: string,
  since: Date,
): Promise<TrafficMinute[]> {
  const rows = rowsOf<{ at: string | Date; requests: number; status5xx: number }>(
    await db.execute(sql`
      SELECT at, requests, status_5xx AS "status5xx" FROM traffic_samples
      WHERE at > ${since} AND deployment_id = ${deploymentId} ORDER BY at`),
  );
  return rows.map((r) => ({
    at: new Date(r.at).getTime(),
    requests: r.requests,
    status5xx: r.status5xx,
  }));
}

/** Opens the rule's alert; false when one is already open (another process was first). */
export async function openIncident(
  db: Executor,
  rule: ClaimedRule,
  at: Date,
  value: number,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO metric_alert_incidents (rule_id, deployment_id, started_at, value)
      VALUES (${rule.id}, ${rule.deploymentId}, ${at}, ${value})
      ON CONFLICT (rule_id) WHERE ended_at IS NULL DO NOTHING
      RETURNING id`),
  );
  return rows.length > 0;
}

/** Closes the rule's open alert; false when none was open. */
export async function closeIncident(db: Executor, ruleId: string, at: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE metric_alert_incidents SET ended_at = ${at}
      WHERE rule_id = ${ruleId} AND ended_at IS NULL RETURNING id`),
  );
  return rows.length > 0;
}

/** The notifications' incident key of a rule (one message at the start, one at the end). */
export const incidentKeyOf = (ruleId: string) => `metric:${ruleId}`;
