import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { taskTexts } from '@nuage/shared/messages/tasks';
import type { TaskRunStatut } from '@nuage/shared/schemas/responses/tasks';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { emitForDeployment } from '../../db/notification-events';
import { deployments } from '../../db/schema/deployments';
import { taskRuns, type TaskRunRow } from '../../db/schema/tasks';
import {
  RuntimeRejectedError,
  RuntimeUnavailableError,
  type ScheduledTaskRun,
  type TaskRunOutcome,
} from '../../engine/driver';
import { applicationRefOf } from '../../engine/specs/refs';
import { settledBy } from '../../lib/deadline';
import { taskLogWriter } from './log-writer';

export type TaskContext = Pick<AppContext, 'db' | 'engine' | 'log' | 'config'>;

export interface TaskRunnerOptions {
  /** How often a running run says it is alive and looks for a stop request (default 5 s). */
  heartbeatMs?: number;
}

/** Why a run's signal was aborted. */
type AbortReason = 'stop' | 'shutdown';

const HEARTBEAT_MS = 5000;
/** The command as the notification names a one-off run. */
const shortCommand = (c: string) => (c.length > 60 ? `${c.slice(0, 59)}…` : c);

/**
 * Runs admitted task runs (admission.ts) in this process: the runtime's one-off container
 * (driver.runTask), its output into the run's log, a heartbeat (a run whose process died is
 * failed by the scheduler), a stop asked from any process (`stop_requested`), then the outcome
 * written and, for a failure, the project's channels told (`task.failed`).
 */
export class TaskRunner {
  /** Which process runs a run (task_runs.claimed_by). */
  readonly owner = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();
  private stopping = false;

  constructor(
    private readonly ctx: TaskContext,
    private readonly opts: TaskRunnerOptions = {},
  ) {}

  /** Runs `run` (already recorded as running and claimed by this process) in the background. */
  start(run: TaskRunRow): void {
    this.launch(run, null);
  }

  /**
   * Follows `run` (recorded as running and claimed by this process), which the runtime started
   * by itself (a Job of a Kubernetes CronJob, runtime-schedules.ts), as start() does its own.
   */
  follow(run: TaskRunRow, scheduled: ScheduledTaskRun): void {
    this.launch(run, scheduled);
  }

  private launch(run: TaskRunRow, scheduled: ScheduledTaskRun | null): void {
    const controller = new AbortController();
    if (this.stopping) controller.abort('shutdown' satisfies AbortReason);
    const done = this.execute(run, controller, scheduled)
      .catch((err: unknown) => this.ctx.log.error({ err, runId: run.id }, 'task run failed'))
      .finally(() => this.running.delete(run.id));
    this.running.set(run.id, { controller, done });
  }

  /** Every run started here, finished (tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Stops every run of this process (each recorded as interrupted) by `deadline`. */
  async stop(deadline = Number.POSITIVE_INFINITY): Promise<void> {
    this.stopping = true;
    for (const r of this.running.values()) r.controller.abort('shutdown' satisfies AbortReason);
    if (!(await settledBy(this.idle(), deadline)))
      this.ctx.log.warn({ runs: this.running.size }, 'task runs still running at shutdown');
  }

  private async execute(
    run: TaskRunRow,
    controller: AbortController,
    scheduled: ScheduledTaskRun | null,
  ): Promise<void> {
    const log = taskLogWriter(this.ctx.db, run.id);
    const heartbeat = setInterval(
      () => void this.beat(run.id, controller),
      this.opts.heartbeatMs ?? HEARTBEAT_MS,
    );
    let outcome: TaskRunOutcome | null = null;
    let failure: string | null = null;
    try {
      const [app] = await this.ctx.db
        .select()
        .from(deployments)
        .where(eq(deployments.id, run.deploymentId));
      if (!app || app.desiredState !== 'present')
        throw new RuntimeRejectedError(taskTexts.applicationDeleting);
      const driver = this.ctx.engine.driver;
      if (scheduled && driver.followScheduledTaskRun) {
        outcome = await driver.followScheduledTaskRun(
          await applicationRefOf(this.ctx.db, app),
          scheduled,
          {
            runId: run.id,
            onLine: (line) => log.write(line),
            signal: controller.signal,
          },
        );
      } else {
        const spec = await this.ctx.engine.specs.ofApplication(app);
        outcome = await driver.runTask(spec, {
          runId: run.id,
          command: run.command,
          timeoutSeconds: run.timeoutSeconds,
          onLine: (line) => log.write(line),
          signal: controller.signal,
        });
      }
    } catch (err) {
      // A refusal says why in French; anything else is logged for operators, told plainly.
      if (err instanceof RuntimeRejectedError) failure = taskTexts.runtimeFailed(err.message);
      else {
        this.ctx.log.error({ err, runId: run.id }, 'task run could not start');
        failure =
          err instanceof RuntimeUnavailableError
            ? taskTexts.runtimeUnavailable
            : taskTexts.unexpected;
      }
    } finally {
      clearInterval(heartbeat);
    }
    await log
      .flush()
      .catch((err: unknown) =>
        this.ctx.log.warn({ err, runId: run.id }, 'task log not fully written'),
      );
    const reason = controller.signal.aborted ? (controller.signal.reason as AbortReason) : null;
    const { status, error } = verdict(run, outcome, failure, reason);
    const [finished] = await this.ctx.db
      .update(taskRuns)
      .set({
        status,
        error,
        exitCode: outcome?.exitCode ?? null,
        simulated: outcome?.simulated ?? false,
        finishedAt: new Date(),
        heartbeatAt: null,
      })
      // A run the scheduler already failed (this process looked dead) keeps that verdict.
      .where(and(eq(taskRuns.id, run.id), eq(taskRuns.status, 'running')))
      .returning();
    if (finished && (status === 'failed' || status === 'timeout') && reason !== 'stop') {
      await emitForDeployment(this.ctx.db, this.ctx.log, run.deploymentId, {
        type: 'task.failed',
        params: { tache: run.taskName ?? shortCommand(run.command), raison: error ?? undefined },
      });
    }
  }

  private async beat(runId: string, controller: AbortController) {
    try {
      const [row] = await this.ctx.db
        .update(taskRuns)
        .set({ heartbeatAt: new Date() })
        .where(and(eq(taskRuns.id, runId), eq(taskRuns.status, 'running')))
        .returning({ stop: taskRuns.stopRequested });
      if (row?.stop && !controller.signal.aborted) controller.abort('stop' satisfies AbortReason);
    } catch (err) {
      this.ctx.log.warn({ err, runId }, 'task heartbeat failed');
    }
  }

  /** A stop asked through this process: at once, rather than at the next heartbeat. */
  stopLocal(runId: string): void {
    this.running.get(runId)?.controller.abort('stop' satisfies AbortReason);
  }
}

function verdict(
  run: TaskRunRow,
  outcome: TaskRunOutcome | null,
  failure: string | null,
  reason: AbortReason | null,
): { status: TaskRunStatut; error: string | null } {
  if (!outcome) return { status: 'failed', error: failure };
  if (outcome.reason) return { status: 'failed', error: outcome.reason };
  if (outcome.timedOut) return { status: 'timeout', error: taskTexts.timedOut(run.timeoutSeconds) };
  if (reason === 'stop') return { status: 'failed', error: taskTexts.stopped };
  if (reason === 'shutdown') return { status: 'failed', error: taskTexts.interrupted };
  if (outcome.exitCode === 0) return { status: 'success', error: null };
  return {
    status: 'failed',
    error:
      outcome.exitCode === null ? taskTexts.interrupted : taskTexts.exitedWith(outcome.exitCode),
  };
}
