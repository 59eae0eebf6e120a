import { fromMilli } from '@nuage/shared/quantities';
import { quotaErrorTexts } from '@nuage/shared/messages/projects';
import { taskTexts } from '@nuage/shared/messages/tasks';
import type { TaskRunTrigger } from '@nuage/shared/schemas/responses/tasks';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { deployments } from '../../db/schema/deployments';
import { taskRuns, type TaskRunRow } from '../../db/schema/tasks';
import { conflict, QuotaExceededError } from '../../lib/errors';
import { lockProject } from '../deployments/quota';
import { projectUsage } from '../projects/usage';

type DeploymentRow = typeof deployments.$inferSelect;

/** Runs a project may have at once unless TASK_RUNS_PER_PROJECT says otherwise. */
export const DEFAULT_RUNS_PER_PROJECT = 3;

export interface RunRequest {
  app: DeploymentRow;
  trigger: TaskRunTrigger;
  command: string;
  timeoutSeconds: number;
  taskId?: string | null;
  taskName?: string | null;
  /** The slot of a scheduled run: unique per task, so two processes never run it twice. */
  scheduledAt?: Date | null;
  /** « ignorer si la précédente tourne encore »: skipped while a run of the task is going. */
  skipIfRunning?: boolean;
  requestedBy?: string | null;
  /** Which process runs it (its heartbeat says it is alive). */
  claimedBy: string;
  maxRunsPerProject: number;
}

/** Admitted: a running row the caller now runs; skipped (recorded, scheduled runs only); or a duplicate slot. */
export type Admission =
  { kind: 'run'; run: TaskRunRow } | { kind: 'skipped'; run: TaskRunRow } | { kind: 'duplicate' };

type Refusal = { skipped: string; error: Error };

const fr = (milli: number) => String(fromMilli(milli)).replace('.', ',');

/**
 * Admits one run, in a transaction that locks the project row like every deploy: the run's
 * CPU and memory (one replica's) must fit in what the project's applications and its other
 * running runs leave of its quota, and the project must have fewer running runs than its cap.
 * A refused manual run or command throws (the French quota error, or 409); a refused scheduled
 * run is recorded as skipped with the reason, so the history says why nothing ran.
 */
export async function admitRun(tx: Executor, req: RunRequest): Promise<Admission> {
  const project = await lockProject(tx, req.app.projectId);
  const refusal = await refusalOf(tx, project, req);
  const base = {
    taskId: req.taskId ?? null,
    deploymentId: req.app.id,
    projectId: req.app.projectId,
    taskName: req.taskName ?? null,
    command: req.command,
    trigger: req.trigger,
    scheduledAt: req.scheduledAt ?? null,
    timeoutSeconds: req.timeoutSeconds,
    requestedBy: req.requestedBy ?? null,
  };
  if (refusal && req.trigger !== 'schedule') throw refusal.error;
  const values = refusal
    ? { ...base, status: 'skipped' as const, error: refusal.skipped, finishedAt: new Date() }
    : {
        ...base,
        status: 'running' as const,
        cpuMilli: req.app.cpuMilli,
        ramMb: req.app.ramMb,
        claimedBy: req.claimedBy,
        heartbeatAt: new Date(),
      };
  const [row] = await tx.insert(taskRuns).values(values).onConflictDoNothing().returning();
  if (!row) return { kind: 'duplicate' };
  return refusal ? { kind: 'skipped', run: row } : { kind: 'run', run: row };
}

async function refusalOf(
  tx: Executor,
  project: Awaited<ReturnType<typeof lockProject>>,
  req: RunRequest,
): Promise<Refusal | null> {
  if (req.skipIfRunning && req.taskId) {
    const [previous] = await tx
      .select({ id: taskRuns.id })
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, req.taskId), eq(taskRuns.status, 'running')))
      .limit(1);
    if (previous) {
      const text = taskTexts.previousStillRunning;
      return { skipped: text, error: conflict(text) };
    }
  }
  const [running] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      cpuMilli: sql<number>`coalesce(sum(${taskRuns.cpuMilli}), 0)`.mapWith(Number),
      ramMb: sql<number>`coalesce(sum(${taskRuns.ramMb}), 0)`.mapWith(Number),
    })
    .from(taskRuns)
    .where(and(eq(taskRuns.projectId, project.id), eq(taskRuns.status, 'running')));
  const runs = running ?? { count: 0, cpuMilli: 0, ramMb: 0 };
  if (runs.count >= req.maxRunsPerProject) {
    return {
      skipped: taskTexts.skippedTooMany(req.maxRunsPerProject),
      error: conflict(taskTexts.tooManyRuns(req.maxRunsPerProject)),
    };
  }
  const apps = await projectUsage(tx, project.id);
  const checks = [
    {
      label: 'CPU',
      unit: 'core(s)',
      used: apps.cpuMilli + runs.cpuMilli,
      need: req.app.cpuMilli,
      quota: project.quotaCpuMilli,
    },
    {
      label: 'RAM',
      unit: 'GB',
      used: apps.ramMb + runs.ramMb,
      need: req.app.ramMb,
      quota: project.quotaRamMb,
    },
  ];
  const exceeded = checks
    .filter((c) => c.used + c.need > c.quota)
    .map((c) =>
      quotaErrorTexts.exceeded({
        label: c.label,
        unit: c.unit,
        requested: fr(c.need),
        available: fr(Math.max(0, c.quota - c.used)),
        quota: fr(c.quota),
      }),
    );
  if (exceeded.length === 0) return null;
  const message = taskTexts.quotaRefused(exceeded.join(' ; '));
  const [cpu, ram] = checks as [(typeof checks)[0], (typeof checks)[0]];
  const error = new QuotaExceededError(
    {
      message,
      quota_exceeded: exceeded,
      recommendations: checks
        .filter((c) => c.used + c.need > c.quota)
        .map((c) => ({
          type: 'increase_project_quota',
          resource: c.label,
          current_quota: fromMilli(c.quota),
          needed_increase: fromMilli(c.used + c.need - c.quota),
          suggested_quota: fromMilli(c.used + c.need),
        })),
      quota_details: {
        quota_cpu: fromMilli(project.quotaCpuMilli),
        used_cpu: fromMilli(cpu.used),
        quota_ram: fromMilli(project.quotaRamMb),
        used_ram: fromMilli(ram.used),
        quota_stockage: fromMilli(project.quotaStorageMb),
        used_stockage: fromMilli(apps.storageMb),
        requested_cpu: fromMilli(cpu.need),
        requested_ram: fromMilli(ram.need),
        requested_stockage: 0,
      },
    },
    project.id,
  );
  return { skipped: taskTexts.skippedQuota(message), error };
}
