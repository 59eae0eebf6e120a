import { taskTexts as t } from '@nuage/shared/messages/tasks';
import type { TaskRunLog, TasksOfApplication } from '@nuage/shared/schemas/responses/tasks';
import type { CreateTaskBody, RunCommandInput, UpdateTaskInput } from '@nuage/shared/schemas/tasks';
import type { ProjectRole } from '@nuage/shared/roles';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { scheduledTasks, taskRunLogLines, taskRuns, type TaskRunRow } from '../../db/schema/tasks';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeDeployment } from '../deployments/access';
import { admitRun } from './admission';
import { presentRun, presentTask } from './presenter';
import type { TaskContext, TaskRunner } from './runner';
import { nextSlot } from './scheduler';
import { runsPerProject } from './settings';

const HISTORY = 50;
/** Only applications the runtime runs have an image to run a command in. */
const RUNNABLE = new Set(['RUNNING', 'DEPLOYING']);

interface Caller {
  deploymentId: string;
  userId: string;
}

/** The application's tasks and latest runs: every member reads them (logs need developer). */
export async function listTasks(ctx: TaskContext, caller: Caller): Promise<TasksOfApplication> {
  const app = await authorizeDeployment(ctx.db, { ...caller, need: 'user' });
  const [tasks, runs] = await Promise.all([
    ctx.db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.deploymentId, app.id))
      .orderBy(asc(scheduledTasks.createdAt)),
    ctx.db
      .select()
      .from(taskRuns)
      .where(eq(taskRuns.deploymentId, app.id))
      .orderBy(desc(taskRuns.startedAt))
      .limit(HISTORY),
  ]);
  const latest = new Map<string, TaskRunRow>();
  const ids = tasks.map((x) => x.id);
  if (ids.length) {
    const rows = await ctx.db
      .selectDistinctOn([taskRuns.taskId])
      .from(taskRuns)
      .where(inArray(taskRuns.taskId, ids))
      .orderBy(taskRuns.taskId, desc(taskRuns.startedAt));
    for (const r of rows) if (r.taskId) latest.set(r.taskId, r);
  }
  return {
    taches: tasks.map((x) => presentTask(x, latest.get(x.id) ?? null)),
    executions: runs.map(presentRun),
    executions_simultanees_max: runsPerProject(ctx.config),
  };
}

async function loadTask(db: Executor, caller: Caller & { taskId: string; need: ProjectRole }) {
  const app = await authorizeDeployment(db, { ...caller, need: caller.need });
  if (!isUuid(caller.taskId)) throw notFound(t.notFound);
  const [task] = await db
    .select()
    .from(scheduledTasks)
    .where(and(eq(scheduledTasks.id, caller.taskId), eq(scheduledTasks.deploymentId, app.id)));
  if (!task) throw notFound(t.notFound);
  return { app, task };
}

export async function createTask(ctx: TaskContext, opts: Caller & { input: CreateTaskBody }) {
  const app = await authorizeDeployment(ctx.db, { ...opts, need: 'developer' });
  const i = opts.input;
  const [task] = await ctx.db
    .insert(scheduledTasks)
    .values({
      deploymentId: app.id,
      projectId: app.projectId,
      nom: i.nom,
      command: i.commande,
      schedule: i.planification,
      timeZone: i.fuseau_horaire,
      timeoutSeconds: i.delai_max_secondes,
      concurrency: i.politique_concurrence,
      enabled: i.actif,
      nextRunAt: i.actif
        ? nextSlot({ schedule: i.planification, timeZone: i.fuseau_horaire }, new Date())
        : null,
      createdBy: opts.userId,
    })
    .returning();
  return presentTask(task!, null);
}

export async function updateTask(
  ctx: TaskContext,
  opts: Caller & { taskId: string; input: UpdateTaskInput },
) {
  const { task } = await loadTask(ctx.db, { ...opts, need: 'developer' });
  const i = opts.input;
  const next = {
    nom: i.nom ?? task.nom,
    command: i.commande ?? task.command,
    schedule: i.planification ?? task.schedule,
    timeZone: i.fuseau_horaire ?? task.timeZone,
    timeoutSeconds: i.delai_max_secondes ?? task.timeoutSeconds,
    concurrency: i.politique_concurrence ?? task.concurrency,
    enabled: i.actif ?? task.enabled,
  };
  const timing =
    next.schedule !== task.schedule ||
    next.timeZone !== task.timeZone ||
    next.enabled !== task.enabled;
  const [row] = await ctx.db
    .update(scheduledTasks)
    .set({
      ...next,
      // A new schedule (or a task enabled again) starts from now: past slots are not made up.
      ...(timing ? { nextRunAt: next.enabled ? nextSlot(next, new Date()) : null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(scheduledTasks.id, task.id))
    .returning();
  const [last] = await ctx.db
    .select()
    .from(taskRuns)
    .where(eq(taskRuns.taskId, task.id))
    .orderBy(desc(taskRuns.startedAt))
    .limit(1);
  return presentTask(row!, last ?? null);
}

export async function deleteTask(ctx: TaskContext, opts: Caller & { taskId: string }) {
  const { task } = await loadTask(ctx.db, { ...opts, need: 'developer' });
  // Its running run, if any, goes on to its end; the history goes with the task.
  await ctx.db.delete(scheduledTasks).where(eq(scheduledTasks.id, task.id));
}

function checkRunnable(app: { status: string; desiredState: string }) {
  if (app.desiredState !== 'present') throw badRequest(t.applicationDeleting);
  if (!RUNNABLE.has(app.status)) throw conflict(t.applicationNotReady);
}

/** « Exécuter maintenant »: the task once, now, by the caller's process. */
export async function runTaskNow(
  ctx: TaskContext,
  runner: TaskRunner,
  opts: Caller & { taskId: string },
) {
  const { app, task } = await loadTask(ctx.db, { ...opts, need: 'developer' });
  checkRunnable(app);
  const admitted = await ctx.db.transaction((tx) =>
    admitRun(tx, {
      app,
      trigger: 'manual',
      command: task.command,
      timeoutSeconds: task.timeoutSeconds,
      taskId: task.id,
      taskName: task.nom,
      skipIfRunning: task.concurrency === 'ignorer',
      requestedBy: opts.userId,
      claimedBy: runner.owner,
      maxRunsPerProject: runsPerProject(ctx.config),
    }),
  );
  return started(runner, admitted);
}

/** « Exécuter une commande »: a one-off command, its output streamed to the page. */
export async function runCommand(
  ctx: TaskContext,
  runner: TaskRunner,
  opts: Caller & {
    input: Required<Pick<RunCommandInput, 'commande'>> & { delai_max_secondes: number };
  },
) {
  const app = await authorizeDeployment(ctx.db, { ...opts, need: 'developer' });
  checkRunnable(app);
  const admitted = await ctx.db.transaction((tx) =>
    admitRun(tx, {
      app,
      trigger: 'command',
      command: opts.input.commande,
      timeoutSeconds: opts.input.delai_max_secondes,
      requestedBy: opts.userId,
      claimedBy: runner.owner,
      maxRunsPerProject: runsPerProject(ctx.config),
    }),
  );
  return started(runner, admitted);
}

function started(runner: TaskRunner, admitted: Awaited<ReturnType<typeof admitRun>>) {
  // Manual runs are never skipped nor duplicated: a refusal threw in admitRun.
  if (admitted.kind !== 'run') throw conflict(t.previousStillRunning);
  runner.start(admitted.run);
  return presentRun(admitted.run);
}

/** A run of the application, for developers and admins (its log is the application's output). */
export async function loadRun(db: Executor, opts: Caller & { runId: string }) {
  const app = await authorizeDeployment(db, { ...opts, need: 'developer' });
  if (!isUuid(opts.runId)) throw notFound(t.runNotFound);
  const [run] = await db
    .select()
    .from(taskRuns)
    .where(and(eq(taskRuns.id, opts.runId), eq(taskRuns.deploymentId, app.id)));
  if (!run) throw notFound(t.runNotFound);
  return run;
}

export async function runLog(
  ctx: TaskContext,
  opts: Caller & { runId: string },
): Promise<TaskRunLog> {
  const run = await loadRun(ctx.db, opts);
  const lines = await ctx.db
    .select()
    .from(taskRunLogLines)
    .where(eq(taskRunLogLines.runId, run.id))
    .orderBy(asc(taskRunLogLines.seq));
  return {
    execution: presentRun(run),
    lignes: lines.map((l) => ({ seq: l.seq, line: l.line, at: l.at.toISOString() })),
  };
}

/** « Arrêter »: the process running it stops it at its next heartbeat (at once if it is this one). */
export async function stopRun(
  ctx: TaskContext,
  runner: TaskRunner,
  opts: Caller & { runId: string },
) {
  const run = await loadRun(ctx.db, opts);
  if (run.status !== 'running') throw conflict(t.nothingToStop);
  await ctx.db.update(taskRuns).set({ stopRequested: true }).where(eq(taskRuns.id, run.id));
  runner.stopLocal(run.id);
  return presentRun(run);
}
