import { inArray } from 'drizzle-orm';
import { deployments } from '../../db/schema/deployments';
import { scheduledTasks, taskRuns, type ScheduledTaskRow } from '../../db/schema/tasks';
import type { TaskSchedule } from '../../engine/driver';
import { applicationRefOf } from '../../engine/specs/refs';
import type { TaskContext, TaskRunner } from './runner';

type DeploymentRow = typeof deployments.$inferSelect;

const scheduleOf = (t: ScheduledTaskRow): TaskSchedule => ({
  taskId: t.id,
  command: t.command,
  schedule: t.schedule,
  timeZone: t.timeZone,
  timeoutSeconds: t.timeoutSeconds,
  concurrency: t.concurrency,
  enabled: t.enabled,
});

/** Whether the runtime starts scheduled runs itself (Kubernetes CronJobs): see driver.ts. */
export function runtimeSchedules(ctx: Pick<TaskContext, 'engine'>): boolean {
  const d = ctx.engine.driver;
  return Boolean(d.syncTaskSchedules && d.scheduledTaskRuns && d.followScheduledTaskRun);
}

/**
 * Scheduled tasks on a runtime that schedules them itself (issue 29, Kubernetes: a CronJob per
 * task). Each scheduler pass (scheduler.ts) hands every application's tasks to the runtime when
 * they or the application's applied release changed since this process last did (a redeploy
 * brings a new image and variables; the first pass after a start hands them all), then records
 * the runs the runtime started: one row per (task, slot) (`task_runs_slot_key`), so with
 * several API processes each run is recorded once, and the process whose insert won follows
 * it to its end (runner.ts), as it does its own runs. The project's cap on concurrent runs does
 * not apply: the namespace's ResourceQuota admits or refuses each run's pod.
 */
export class RuntimeSchedules {
  /** What each application's schedules were last handed over as (deployment id → key). */
  private readonly synced = new Map<string, string>();
  /** Applications whose tasks changed through this process, handed over at the next pass. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly ctx: TaskContext,
    private readonly runner: TaskRunner,
  ) {}

  /** Even with none left (its last task deleted), the application's schedules are handed over. */
  changed(deploymentId: string): void {
    this.pending.add(deploymentId);
    this.synced.delete(deploymentId);
  }

  async pass(): Promise<number> {
    const tasks = await this.ctx.db.select().from(scheduledTasks);
    const pending = [...this.pending];
    this.pending.clear();
    const ids = new Set([...tasks.map((t) => t.deploymentId), ...this.synced.keys(), ...pending]);
    if (ids.size === 0) return 0;
    const apps = await this.ctx.db
      .select()
      .from(deployments)
      .where(inArray(deployments.id, [...ids]));
    for (const id of this.synced.keys()) if (!apps.some((a) => a.id === id)) this.synced.delete(id);
    let recorded = 0;
    for (const app of apps) {
      // A deleted application's CronJobs go with its other objects (driver.remove).
      if (app.desiredState !== 'present' || app.observedGeneration === 0) {
        this.synced.delete(app.id);
        continue;
      }
      const mine = tasks.filter((t) => t.deploymentId === app.id);
      try {
        await this.sync(app, mine);
        if (mine.length) recorded += await this.record(app, mine);
      } catch (err) {
        this.ctx.log.warn({ err, deploymentId: app.id }, 'task schedules not synced');
      }
    }
    return recorded;
  }

  private async sync(app: DeploymentRow, tasks: ScheduledTaskRow[]) {
    const schedules = tasks.map(scheduleOf);
    const key = JSON.stringify([
      app.observedGeneration,
      app.currentReleaseId,
      app.imageDigest,
      schedules,
    ]);
    if (this.synced.get(app.id) === key) return;
    const spec = await this.ctx.engine.specs.ofApplication(app);
    await this.ctx.engine.driver.syncTaskSchedules!(spec, schedules);
    if (tasks.length) this.synced.set(app.id, key);
    else this.synced.delete(app.id);
  }

  /** Inserts the runs the runtime started that are not recorded yet; answers how many. */
  private async record(app: DeploymentRow, tasks: ScheduledTaskRow[]): Promise<number> {
    const ref = await applicationRefOf(this.ctx.db, app);
    const runs = await this.ctx.engine.driver.scheduledTaskRuns!(ref);
    let recorded = 0;
    for (const run of runs) {
      const task = tasks.find((t) => t.id === run.taskId);
      if (!task) continue;
      const [row] = await this.ctx.db
        .insert(taskRuns)
        .values({
          taskId: task.id,
          deploymentId: app.id,
          projectId: app.projectId,
          taskName: task.nom,
          command: task.command,
          trigger: 'schedule',
          status: 'running',
          scheduledAt: run.scheduledAt,
          timeoutSeconds: task.timeoutSeconds,
          cpuMilli: app.cpuMilli,
          ramMb: app.ramMb,
          claimedBy: this.runner.owner,
          heartbeatAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      this.runner.follow(row, run);
      recorded++;
    }
    return recorded;
  }
}
