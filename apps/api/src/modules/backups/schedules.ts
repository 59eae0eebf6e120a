import { backupTexts } from '@nuage/shared/schemas/backups';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** node-postgres' result shape, which the generic drizzle type leaves as unknown. */
type RawResult<T> = { rows: T[]; rowCount: number | null };
const raw = <T>(result: unknown) => result as RawResult<T>;

/**
 * A new application's schedule, with the defaults: daily for prod environments (first run at
 * once), off elsewhere. Written in the transaction that creates the application
 * (insert-application.ts), so its backups page shows the final schedule from the first view.
 * Users change it afterwards; an existing row is left as it is.
 */
export async function createDefaultSchedule(
  db: Executor,
  app: { deploymentId: string; environmentId: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO backup_schedules (deployment_id, enabled, next_run_at)
    SELECT ${app.deploymentId}, e.type = 'prod', now() FROM environments e
    WHERE e.id = ${app.environmentId}
    ON CONFLICT (deployment_id) DO NOTHING`);
}

/**
 * Repair for applications created before their schedule was written with them: every present
 * application without a row gets the defaults of createDefaultSchedule.
 */
export async function ensureSchedules(db: Executor): Promise<void> {
  await db.execute(sql`
    INSERT INTO backup_schedules (deployment_id, enabled, next_run_at)
    SELECT d.id, e.type = 'prod', now()
    FROM deployments d JOIN environments e ON e.id = d.environment_id
    WHERE d.desired_state = 'present'
    ON CONFLICT (deployment_id) DO NOTHING`);
}

/**
 * With `destinationRequired` (destination-required.ts), only the applications of projects that
 * have an S3 destination: the others' schedules are not claimed (their next run stays due, so
 * the first backup runs as soon as a destination is set).
 */
const runnable = (destinationRequired: boolean, projectId: SQL) =>
  destinationRequired
    ? sql`EXISTS (SELECT 1 FROM backup_destinations bd WHERE bd.project_id = ${projectId})`
    : sql`true`;

/**
 * Claims due schedules (one process each, SKIP LOCKED) by moving their next run a day on;
 * only running applications are backed up, and only where a backup can run.
 */
export async function claimDueBackups(
  db: Executor,
  limit: number,
  opts: { destinationRequired: boolean },
): Promise<string[]> {
  const result = raw<{ deployment_id: string }>(
    await db.execute(sql`
    UPDATE backup_schedules s SET next_run_at = now() + interval '1 day', updated_at = now()
    WHERE s.deployment_id IN (
      SELECT s2.deployment_id FROM backup_schedules s2
      JOIN deployments d ON d.id = s2.deployment_id
      WHERE s2.enabled AND s2.next_run_at <= now()
        AND d.desired_state = 'present' AND d.status = 'RUNNING'
        AND ${runnable(opts.destinationRequired, sql`d.project_id`)}
      ORDER BY s2.next_run_at LIMIT ${limit}
      FOR UPDATE OF s2 SKIP LOCKED)
    RETURNING s.deployment_id`),
  );
  return result.rows.map((r) => r.deployment_id);
}

/** Weekly test restores of the latest successful backup of each scheduled application. */
export async function claimDueTestRestores(
  db: Executor,
  limit: number,
  opts: { destinationRequired: boolean },
): Promise<{ deploymentId: string; backupId: string }[]> {
  const result = raw<{ deployment_id: string; backup_id: string }>(
    await db.execute(sql`
    WITH due AS (
      SELECT s2.deployment_id FROM backup_schedules s2
      JOIN deployments d ON d.id = s2.deployment_id
      WHERE s2.enabled AND s2.next_test_restore_at <= now()
        -- A test restore loads a database dump; a Compose application's backup holds its
        -- volumes only (docs/compose.md).
        AND d.source_kind <> 'compose'
        AND ${runnable(opts.destinationRequired, sql`d.project_id`)}
      ORDER BY s2.next_test_restore_at LIMIT ${limit}
      FOR UPDATE OF s2 SKIP LOCKED),
    moved AS (
      UPDATE backup_schedules s SET next_test_restore_at = now() + interval '7 days'
      FROM due WHERE s.deployment_id = due.deployment_id
      RETURNING s.deployment_id)
    SELECT moved.deployment_id, latest.id AS backup_id FROM moved
    JOIN LATERAL (
      SELECT b.id FROM backups b
      WHERE b.deployment_id = moved.deployment_id AND b.status = 'success'
      ORDER BY b.started_at DESC LIMIT 1) latest ON true`),
  );
  return result.rows.map((r) => ({ deploymentId: r.deployment_id, backupId: r.backup_id }));
}

/**
 * A backup still "running" long after it started belongs to a process that died: marked failed
 * so the page says so and retention and the next run go on. (Restores have a heartbeat instead:
 * restore-failure.ts.)
 */
export async function failAbandoned(db: Executor, olderThanHours: number): Promise<number> {
  const message = backupTexts.backupInterrupted;
  const backups = raw(
    await db.execute(sql`
    UPDATE backups SET status = 'failed', error = ${message}, completed_at = now()
    WHERE status = 'running' AND started_at < now() - make_interval(hours => ${olderThanHours})`),
  );
  return backups.rowCount ?? 0;
}
