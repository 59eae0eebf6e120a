import { nextRun, parseCron } from '@nuage/shared/cron';
import { taskLimits } from '@nuage/shared/schemas/tasks';
import { taskTexts } from '@nuage/shared/messages/tasks';
import { sql } from 'drizzle-orm';
import { deployments } from '../../db/schema/deployments';
import { scheduledTasks, taskRuns, type ScheduledTaskRow } from '../../db/schema/tasks';
import { SAFETY_POLL_MS, WorkLoop } from '../../lib/work-loop';
import { admitRun } from './admission';
import type { TaskContext, TaskRunner } from './runner';
import { RuntimeSchedules, runtimeSchedules } from './runtime-schedules';
import { runsPerProject } from './settings';

export interface TaskSchedulerOptions {
  /**
   * The longest sleep between passes (default SAFETY_POLL_MS): a pass sleeps only until the next
   * slot, or until a running run's heartbeat would be stale, and a change of this process wakes it.
   */
  pollMs?: number;
  /** A running run whose heartbeat is older than this belongs to a dead process (default 60 s). */
  staleMs?: number;
  /** Due tasks claimed per pass. */
  batchSize?: number;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const HOUR_MS = 3_600_000;

/** The slot after `after`, or null for a schedule that never comes again. */
export function nextSlot(task: Pick<ScheduledTaskRow, 'schedule' | 'timeZone'>, after: Date) {
  const parsed = parseCron(task.schedule);
  return parsed.ok ? nextRun(parsed.schedule, task.timeZone, after) : null;
}

/**
 * Starts scheduled runs when their slot comes (issue 29). State is only in PostgreSQL, so it
 * survives restarts and runs beside other API processes: a due task is claimed with
 * `FOR UPDATE SKIP LOCKED` and its `next_run_at` moved to the next slot in the same
 * transaction that records the run, and a run is unique per (task, slot), so no slot ever runs
 * twice. Slots missed while the platform was down are not run one by one: the next pass runs
 * the task once, for the oldest, and moves on from now. Each pass also fails the runs of dead
 * processes and prunes runs older than 30 days with their log.
 *
 * On a runtime that schedules runs itself (Kubernetes CronJobs, runtime-schedules.ts) a due
 * slot only moves `next_run_at` on (the page shows it): the runtime starts the run, and the
 * pass records and follows it instead. One-off commands and « Exécuter maintenant » are still
 * started by the platform on every runtime.
 */
export class TaskScheduler {
  private readonly loop: WorkLoop;
  private lastPrune = 0;
  private readonly schedules: RuntimeSchedules | null;

  constructor(
    private readonly ctx: TaskContext,
    private readonly runner: TaskRunner,
    private readonly opts: TaskSchedulerOptions = {},
  ) {
    this.schedules = runtimeSchedules(ctx) ? new RuntimeSchedules(ctx, runner) : null;
    this.loop = new WorkLoop(() => this.pass(), {
      pollMs: opts.pollMs ?? SAFETY_POLL_MS,
      log: ctx.log,
      failure: 'task scheduler pass failed',
      nextDueMs: () => this.nextDueMs(),
      // Slots are minutes apart: a second is soon enough, and bounds the passes if one stays due.
      minIdleMs: 1000,
    });
  }

  start() {
    this.loop.start();
  }

  async stop(deadline = Number.POSITIVE_INFINITY) {
    await this.loop.stop(deadline);
  }

  /** A task was created or changed: its next slot may be sooner than the loop's sleep. */
  wake() {
    this.loop.wake();
  }

  /** An application's tasks changed: its next slot may be sooner, its CronJobs are out of date. */
  tasksChanged(deploymentId: string) {
    this.schedules?.changed(deploymentId);
    this.loop.wake();
  }

  async pass(): Promise<number> {
    await this.failStale();
    if (Date.now() - this.lastPrune > HOUR_MS) {
      await pruneOldRuns(this.ctx);
      this.lastPrune = Date.now();
    }
    let done = 0;
    for (let i = 0; i < (this.opts.batchSize ?? 20); i++) {
      if (!(await this.claimOne())) break;
      done++;
    }
    if (this.schedules) done += await this.schedules.pass();
    return done;
  }

  /** Claims one due task, moves it to its next slot and admits its run; false when none is due. */
  private async claimOne(): Promise<boolean> {
    const admitted = await this.ctx.db.transaction(async (tx) => {
      const [task] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          SELECT t.id FROM scheduled_tasks t JOIN deployments d ON d.id = t.deployment_id
          WHERE t.enabled AND t.next_run_at <= now() AND d.desired_state = 'present'
          ORDER BY t.next_run_at LIMIT 1
          FOR UPDATE OF t SKIP LOCKED`),
      );
      if (!task) return null;
      const [row] = await tx
        .select({ task: scheduledTasks, app: deployments })
        .from(scheduledTasks)
        .innerJoin(deployments, sql`${deployments.id} = ${scheduledTasks.deploymentId}`)
        .where(sql`${scheduledTasks.id} = ${task.id}`);
      const { task: t, app } = row!;
      const next = nextSlot(t, new Date());
      await tx
        .update(scheduledTasks)
        .set({ nextRunAt: next, updatedAt: new Date() })
        .where(sql`${scheduledTasks.id} = ${t.id}`);
      // The runtime's own schedule (a CronJob) starts this slot: nothing to admit here.
      if (this.schedules) return { kind: 'duplicate' as const };
      return admitRun(tx, {
        app,
        trigger: 'schedule',
        command: t.command,
        timeoutSeconds: t.timeoutSeconds,
        taskId: t.id,
        taskName: t.nom,
        scheduledAt: t.nextRunAt,
        skipIfRunning: t.concurrency === 'ignorer',
        claimedBy: this.runner.owner,
        maxRunsPerProject: runsPerProject(this.ctx.config),
      });
    });
    if (!admitted) return false;
    if (admitted.kind === 'run') this.runner.start(admitted.run);
    return true;
  }

  /**
   * Runs whose process stopped saying it is alive: failed as interrupted, and what the runtime
   * still holds of them removed (a container nobody would stop).
   */
  private async failStale() {
    const staleMs = this.opts.staleMs ?? 60_000;
    const stale = rowsOf<{ id: string }>(
      await this.ctx.db.execute(sql`
        UPDATE task_runs SET status = 'failed', error = ${taskTexts.interrupted},
          finished_at = now(), heartbeat_at = NULL
        WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => ${staleMs / 1000})
        RETURNING id`),
    );
    const remove = this.ctx.engine.driver.removeTaskRuns;
    if (stale.length && remove) {
      await remove
        .call(
          this.ctx.engine.driver,
          stale.map((r) => r.id),
        )
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'task containers not removed'));
    }
  }

  /** The next slot, or the moment a running run's heartbeat becomes stale (failStale). */
  private async nextDueMs(): Promise<number | null> {
    const staleMs = this.opts.staleMs ?? 60_000;
    const [row] = rowsOf<{ due: Date | string | null }>(
      await this.ctx.db.execute(sql`
        SELECT least(
          (SELECT min(t.next_run_at) FROM scheduled_tasks t JOIN deployments d ON d.id = t.deployment_id
            WHERE t.enabled AND d.desired_state = 'present'),
          (SELECT min(heartbeat_at) + make_interval(secs => ${staleMs / 1000})
            FROM task_runs WHERE status = 'running')) AS due`),
    );
    if (!row?.due) return null;
    return Math.max(0, new Date(row.due).getTime() - Date.now());
  }
}

/** Runs (and, by cascade, their log lines) older than the retention. */
export async function pruneOldRuns(ctx: Pick<TaskContext, 'db'>): Promise<void> {
  await ctx.db.execute(sql`
    DELETE FROM ${taskRuns}
    WHERE status <> 'running'
      AND started_at < now() - make_interval(days => ${taskLimits.retentionDays})`);
}
