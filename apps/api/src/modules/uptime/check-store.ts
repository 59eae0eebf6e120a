import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nextSlotOnGrid } from '../../db/slot-grid';
import type { CheckResult } from './http-check';

/**
 * The uptime checks' SQL. A monitor is claimed by moving `next_check_at` past now in the same
 * statement that selects it `FOR UPDATE SKIP LOCKED`: two processes polling at once never take
 * the same monitor, and the slot a pass took is never due again. A process that dies mid-check
 * loses that slot's result (a gap, not a failure).
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * A monitor for every application that went live once and has none (defaults: `/`, 2xx or
 * 3xx, 10 s). Its slots are on the interval's grid, as the metrics' are (metrics-history/
 * sample-store.ts): one pass checks every application due then and records the successes in
 * one statement; the claim's limit bounds how many checks run at once.
 */
export async function ensureMonitors(db: Executor, opts: { now: Date; intervalMs: number }) {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO uptime_monitors (deployment_id, next_check_at)
      SELECT d.id, ${nextSlotOnGrid(opts)}
      FROM deployments d
      WHERE d.deployed_at IS NOT NULL AND d.desired_state = 'present'
        -- A database of an environment (issue 25) answers no HTTP.
        AND d.category <> 'DATABASE'
        AND NOT EXISTS (SELECT 1 FROM uptime_monitors m WHERE m.deployment_id = d.id)
      ON CONFLICT (deployment_id) DO NOTHING
      RETURNING deployment_id AS id`),
  );
  return rows.length;
}

export interface ClaimedCheck {
  deploymentId: string;
  /** The slot this check stands for (the latest slot start not after now). */
  slotAt: Date;
  path: string;
  expectedStatus: number | null;
  timeoutMs: number;
  applicationUrl: string | null;
  runtime: string | null;
  status: string;
}

export async function claimDueChecks(
  db: Executor,
  opts: { now: Date; intervalMs: number; limit: number },
): Promise<ClaimedCheck[]> {
  const step = sql`(${opts.intervalMs}::double precision * interval '1 millisecond')`;
  // Slots missed while no process ran are skipped, not caught up: the next slot is the first
  // one after now, and this check stands for the one just before it.
  const next = sql`m.next_check_at + ${step} * (floor(extract(epoch FROM (${opts.now}::timestamptz - m.next_check_at)) * 1000 / ${opts.intervalMs}::double precision) + 1)::double precision`;
  const rows = rowsOf<Omit<ClaimedCheck, 'slotAt'> & { slotAt: string | Date }>(
    await db.execute(sql`
      WITH due AS (
        SELECT m.deployment_id FROM uptime_monitors m
        JOIN deployments d ON d.id = m.deployment_id
        WHERE m.next_check_at <= ${opts.now} AND d.desired_state = 'present'
          AND d.deployed_at IS NOT NULL
        ORDER BY m.next_check_at
        LIMIT ${opts.limit}
        FOR UPDATE OF m SKIP LOCKED
      )
      UPDATE uptime_monitors m SET next_check_at = ${next}
      FROM due, deployments d
      WHERE m.deployment_id = due.deployment_id AND d.id = m.deployment_id
      RETURNING m.deployment_id AS "deploymentId", m.next_check_at - ${step} AS "slotAt",
        m.path, m.expected_status AS "expectedStatus", m.timeout_ms AS "timeoutMs",
        d.application_url AS "applicationUrl", d.runtime, d.status`),
  );
  return rows.map((r) => ({ ...r, slotAt: new Date(r.slotAt) }));
}

/** When the next monitor falls due (null: none). */
export async function nextCheckDueAt(db: Executor): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`SELECT min(next_check_at) AS at FROM uptime_monitors`),
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * Records one failed check in the caller's transaction: the 48 h row, the day's counters, the
 * monitor's streak, and the incident it opens (`failuresBeforeIncident` failures in a row; its
 * start is the streak's first failure). Answers null when this slot was recorded already or a
 * later one was (a result that came late), so nothing is counted twice. Successes go through
 * recordSuccesses, a pass's at once.
 */
export async function recordFailure(
  tx: Executor,
  c: { deploymentId: string; slotAt: Date; result: CheckResult; simulated: boolean },
  opts: { failuresBeforeIncident: number },
): Promise<{ opened: { startedAt: Date; reason: string } | null } | null> {
  const [monitor] = rowsOf<{
    lastSlotAt: string | Date | null;
    failures: number;
    failingSince: string | Date | null;
  }>(
    await tx.execute(sql`SELECT last_slot_at AS "lastSlotAt", consecutive_failures AS failures,
        failing_since AS "failingSince"
      FROM uptime_monitors WHERE deployment_id = ${c.deploymentId} FOR UPDATE`),
  );
  if (!monitor) return null;
  if (monitor.lastSlotAt && new Date(monitor.lastSlotAt) >= c.slotAt) return null;
  const { result } = c;
  const inserted = rowsOf<{ one: number }>(
    await tx.execute(sql`
      INSERT INTO uptime_checks (deployment_id, slot_at, ok, status_code, duration_ms, reason)
      VALUES (${c.deploymentId}, ${c.slotAt}, false, ${result.statusCode},
              ${result.durationMs}, ${result.reason})
      ON CONFLICT DO NOTHING RETURNING 1 AS one`),
  );
  if (inserted.length === 0) return null;
  await tx.execute(sql`
    INSERT INTO uptime_days (deployment_id, day, checks, failures, simulated)
    VALUES (${c.deploymentId}, (${c.slotAt}::timestamptz AT TIME ZONE 'UTC')::date, 1, 1,
            ${c.simulated})
    ON CONFLICT (deployment_id, day) DO UPDATE SET
      checks = uptime_days.checks + 1,
      failures = uptime_days.failures + excluded.failures,
      simulated = uptime_days.simulated OR excluded.simulated`);

  const failures = monitor.failures + 1;
  const since = monitor.failingSince ? new Date(monitor.failingSince) : c.slotAt;
  await tx.execute(sql`UPDATE uptime_monitors SET last_slot_at = ${c.slotAt}, last_ok = false,
      consecutive_failures = ${failures}, failing_since = ${since}, updated_at = now()
    WHERE deployment_id = ${c.deploymentId}`);
  if (failures < opts.failuresBeforeIncident) return { opened: null };
  const reason = result.reason ?? '';
  const opened = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO uptime_incidents (deployment_id, started_at, reason, simulated)
      VALUES (${c.deploymentId}, ${since}, ${reason}, ${c.simulated})
      ON CONFLICT (deployment_id) WHERE ended_at IS NULL DO NOTHING
      RETURNING id`),
  );
  return { opened: opened.length ? { startedAt: since, reason } : null };
}

/** A success to record: its slot, and what the check measured. */
export interface SuccessfulCheck {
  deploymentId: string;
  slotAt: Date;
  statusCode: number | null;
  durationMs: number;
  simulated: boolean;
}

/**
 * Records a pass's successes in one statement: the 48 h rows, the
 * days' counters, the monitors' streaks reset, and the incidents they end; a slot recorded
 * already (or a later one) is skipped. Answers the incidents ended, for the caller to tell in
 * the same transaction. Failures go through recordFailure, one by one (they open incidents).
 */
export async function recordSuccesses(
  tx: Executor,
  checks: SuccessfulCheck[],
): Promise<{ deploymentId: string; startedAt: Date; endedAt: Date }[]> {
  if (!checks.length) return [];
  const rows = checks.map((c) => ({
    deployment_id: c.deploymentId,
    slot_at: c.slotAt.toISOString(),
    status_code: c.statusCode,
    duration_ms: c.durationMs,
    simulated: c.simulated,
  }));
  const closed = rowsOf<{ deploymentId: string; startedAt: string | Date; endedAt: string | Date }>(
    await tx.execute(sql`
      WITH r AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
          deployment_id uuid, slot_at timestamptz, status_code integer, duration_ms integer,
          simulated boolean)
      ), fresh AS (
        SELECT r.* FROM r JOIN uptime_monitors m ON m.deployment_id = r.deployment_id
        WHERE m.last_slot_at IS NULL OR m.last_slot_at < r.slot_at
        FOR UPDATE OF m
      ), checks AS (
        INSERT INTO uptime_checks (deployment_id, slot_at, ok, status_code, duration_ms, reason)
        SELECT deployment_id, slot_at, true, status_code, duration_ms, NULL FROM fresh
        ON CONFLICT DO NOTHING
        RETURNING deployment_id
      ), recorded AS (
        SELECT fresh.* FROM fresh JOIN checks USING (deployment_id)
      ), days AS (
        INSERT INTO uptime_days (deployment_id, day, checks, failures, simulated)
        SELECT deployment_id, (slot_at AT TIME ZONE 'UTC')::date, 1, 0, simulated FROM recorded
        ON CONFLICT (deployment_id, day) DO UPDATE SET
          checks = uptime_days.checks + 1,
          simulated = uptime_days.simulated OR excluded.simulated
      ), monitors AS (
        UPDATE uptime_monitors m SET last_slot_at = recorded.slot_at, last_ok = true,
          consecutive_failures = 0, failing_since = NULL, updated_at = now()
        FROM recorded WHERE m.deployment_id = recorded.deployment_id
      )
      UPDATE uptime_incidents i SET ended_at = recorded.slot_at
      FROM recorded WHERE i.deployment_id = recorded.deployment_id AND i.ended_at IS NULL
      RETURNING i.deployment_id AS "deploymentId", i.started_at AS "startedAt",
        i.ended_at AS "endedAt"`),
  );
  return closed.map((c) => ({
    deploymentId: c.deploymentId,
    startedAt: new Date(c.startedAt),
    endedAt: new Date(c.endedAt),
  }));
}

/** Drops the 48 h rows and the 13-month days past their time; answers how many rows went. */
export async function pruneChecks(db: Executor, now: Date): Promise<number> {
  const checks = rowsOf<{ n: number }>(
    await db.execute(sql`WITH gone AS (DELETE FROM uptime_checks
        WHERE slot_at < ${now}::timestamptz - interval '48 hours' RETURNING 1)
      SELECT count(*)::int AS n FROM gone`),
  );
  const days = rowsOf<{ n: number }>(
    await db.execute(sql`WITH gone AS (DELETE FROM uptime_days
        WHERE day < (${now}::timestamptz AT TIME ZONE 'UTC')::date - interval '13 months' RETURNING 1)
      SELECT count(*)::int AS n FROM gone`),
  );
  const incidents = rowsOf<{ n: number }>(
    await db.execute(sql`WITH gone AS (DELETE FROM uptime_incidents
        WHERE ended_at < ${now}::timestamptz - interval '13 months' RETURNING 1)
      SELECT count(*)::int AS n FROM gone`),
  );
  return checks[0]!.n + days[0]!.n + incidents[0]!.n;
}
