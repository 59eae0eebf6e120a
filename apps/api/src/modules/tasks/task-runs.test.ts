import { choosableEvents } from '@nuage/shared/notification-events';
import { taskTexts } from '@nuage/shared/messages/tasks';
import type { Task, TaskRun, TaskRunLog } from '@nuage/shared/schemas/responses/tasks';
import type { Environment, Project } from '@nuage/shared/api-types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { scheduledTasks, taskRuns } from '../../db/schema/tasks';
import {
  deployApp,
  reconcileToStatus,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import { slackReceiver, type Receiver } from '../../../test/helpers/notification-receivers';
import { API, expectDetail, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { TaskRunner } from './runner';
import { TaskScheduler } from './scheduler';

/** Runs of tasks and commands (issue 29) on a fake runtime: output, outcome, quota, scheduling. */
let t: TestApp;
let runtime: FakeRuntime;
let team: Team;
let project: Project;
let env: Environment;
let app: DeploymentView;
let slack: Receiver;

beforeAll(async () => {
  slack = await slackReceiver();
  runtime = new FakeRuntime();
  t = await createEngineTestApp(runtime, {
    config: {
      tasks: { runsPerProject: 2 },
      notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' },
    },
  });
  // The application takes 0.5 core of 1.5: room for two runs of 0.5, not three.
  ({ team, project, env } = await teamWithEnvironment(t, { quota_cpu: 1.5, quota_ram: 4 }));
  app = await deployApp(t, team.developer.token, env.id, { nom: 'compta', cpu: 0.5, ram: 1 });
  await reconcileToStatus(t, app.id, 'RUNNING');
  const channel = await call(t, 'POST', `${API}/projects/${project.id}/notification-channels`, {
    token: team.admin.token,
    body: { nom: 'Équipe', type: 'slack', url: `${slack.url}/s`, evenements: choosableEvents },
  });
  expect(channel.statusCode, channel.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

const command = (commande: string, extra: Record<string, unknown> = {}) =>
  call(t, 'POST', `${API}/deployments/${app.id}/commands`, {
    token: team.developer.token,
    body: { commande, ...extra },
  });
const logOf = async (runId: string, token = team.developer.token) => {
  const res = await call(t, 'GET', `${API}/deployments/${app.id}/task-runs/${runId}/logs`, {
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TaskRunLog>();
};
async function told(): Promise<string[]> {
  while ((await t.app.deliveryWorker.pass()) > 0);
  const titles = slack.accepted.map((r) => String(r.json.text).split(' — ')[0]!);
  slack.accepted.length = 0;
  return titles;
}
const createTask = async (body: Record<string, unknown>) => {
  const res = await call(t, 'POST', `${API}/deployments/${app.id}/tasks`, {
    token: team.developer.token,
    body: { nom: 'Nettoyage', commande: 'echo ménage', planification: '* * * * *', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Task>();
};
/** The task's slot comes now (as if its minute had come). */
const makeTaskDue = (id: string) =>
  t.database.db
    .update(scheduledTasks)
    .set({ nextRunAt: new Date(Date.now() - 1000) })
    .where(eq(scheduledTasks.id, id));

describe('a one-off command', () => {
  it('runs with the application limits, its output kept with the run', async () => {
    const res = await command("echo 'bonjour'; echo fini");
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<{ message: string; execution: TaskRun }>();
    expect(started.message).toBe(taskTexts.runStarted);
    expect(started.execution).toMatchObject({ statut: 'running', declencheur: 'command' });
    await t.app.tasks.runner.idle();
    const log = await logOf(started.execution.id);
    expect(log.lignes.map((l) => l.line)).toEqual(['bonjour', 'fini']);
    expect(log.execution).toMatchObject({ statut: 'success', code_sortie: 0, erreur: null });
    expect(log.execution.duree_secondes).toBeGreaterThanOrEqual(0);
    // The application container's own limits (WordPress shares its 0.5 core with its database).
    const [row] = await t.database.db.select().from(deployments).where(eq(deployments.id, app.id));
    const spec = await t.app.engine.specs.ofApplication(row!);
    expect(runtime.taskRuns.at(-1)).toMatchObject({
      command: "echo 'bonjour'; echo fini",
      cpuMilli: spec.app.cpuMilli,
      ramMb: spec.app.ramMb,
    });
    // Logs are the application's output: not for the user role.
    const forUser = await call(
      t,
      'GET',
      `${API}/deployments/${app.id}/task-runs/${started.execution.id}/logs`,
      {
        token: team.user.token,
      },
    );
    expect(forUser.statusCode).toBe(403);
  });

  it('streams its log as Server-Sent Events, then end', async () => {
    const started = (await command('echo un; echo deux')).json<{ execution: TaskRun }>().execution;
    await t.app.tasks.runner.idle();
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/deployments/${app.id}/task-runs/${started.id}/logs`,
      headers: { authorization: `Bearer ${team.developer.token}`, accept: 'text/event-stream' },
    });
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body).toContain('event: log\ndata: {"seq":1,"line":"un"');
    expect(res.body).toContain('"line":"deux"');
    expect(res.body).toMatch(/event: end\ndata: \{[^\n]*"statut":"success"/);
  });

  it('a failing command is failed with its exit code, and the channels hear of it', async () => {
    await told();
    const started = (await command('echo oups; exit 3')).json<{ execution: TaskRun }>().execution;
    await t.app.tasks.runner.idle();
    const log = await logOf(started.id);
    expect(log.execution).toMatchObject({
      statut: 'failed',
      code_sortie: 3,
      erreur: taskTexts.exitedWith(3),
    });
    expect(await told()).toEqual(['Échec de la tâche « echo oups; exit 3 » : compta']);
  });

  it('is stopped at its timeout', async () => {
    const started = (await command('echo long; sleep 30', { delai_max_secondes: 10 })).json<{
      execution: TaskRun;
    }>().execution;
    expect(started.statut).toBe('running');
    await t.app.tasks.runner.idle();
    const log = await logOf(started.id);
    expect(log.execution).toMatchObject({ statut: 'timeout', erreur: taskTexts.timedOut(10) });
    expect(log.lignes.map((l) => l.line)).toEqual(['long']);
  }, 20_000);

  it('is stopped on request', async () => {
    const started = (await command('sleep 30')).json<{ execution: TaskRun }>().execution;
    const stop = await call(
      t,
      'POST',
      `${API}/deployments/${app.id}/task-runs/${started.id}/stop`,
      {
        token: team.developer.token,
      },
    );
    expect(stop.statusCode, stop.body).toBe(202);
    await t.app.tasks.runner.idle();
    expect((await logOf(started.id)).execution).toMatchObject({
      statut: 'failed',
      erreur: taskTexts.stopped,
    });
    expectDetail(
      await call(t, 'POST', `${API}/deployments/${app.id}/task-runs/${started.id}/stop`, {
        token: team.developer.token,
      }),
      409,
      taskTexts.nothingToStop,
    );
  });
});

describe('quota and concurrency', () => {
  it('refuses, in French, a run that does not fit the quota, and past the cap of runs', async () => {
    // Two runs of 0.5 core fit beside the application (1.5 cores); a third does not (cap 2 too).
    const a = (await command('sleep 5')).json<{ execution: TaskRun }>().execution;
    const b = await command('sleep 5');
    expect(b.statusCode, b.body).toBe(202);
    const c = await command('echo trop');
    expect(c.statusCode).toBe(409);
    expect(c.json<{ detail: string }>().detail).toBe(taskTexts.tooManyRuns(2));
    await call(t, 'POST', `${API}/deployments/${app.id}/task-runs/${a.id}/stop`, {
      token: team.developer.token,
    });
    await call(
      t,
      'POST',
      `${API}/deployments/${app.id}/task-runs/${b.json<{ execution: TaskRun }>().execution.id}/stop`,
      {
        token: team.developer.token,
      },
    );
    await t.app.tasks.runner.idle();

    // A bigger application leaves no room: the quota error (HTTP 400, SPEC §3 shape, French).
    await t.database.db.execute(sql`UPDATE deployments SET cpu_milli = 1200 WHERE id = ${app.id}`);
    try {
      const refused = await command('echo trop gros');
      expect(refused.statusCode).toBe(400);
      const detail = refused.json<{ detail: { message: string; quota_exceeded: string[] } }>()
        .detail;
      expect(detail.message).toContain(
        'Les ressources restantes du quota du projet ne suffisent pas',
      );
      expect(detail.quota_exceeded).toEqual([
        'CPU : 1,2 core(s) demandé(s), 0,3 core(s) disponible(s) sur 1,5',
      ]);
    } finally {
      await t.database.db.execute(sql`UPDATE deployments SET cpu_milli = 500 WHERE id = ${app.id}`);
    }
  });
});

describe('the scheduler', () => {
  it('runs a due slot once, even with two API processes passing at the same time', async () => {
    const task = await createTask({ nom: 'Chaque minute' });
    await makeTaskDue(task.id);
    const otherRunner = new TaskRunner(t.app.ctx);
    const other = new TaskScheduler(t.app.ctx, otherRunner);
    const [mine, theirs] = await Promise.all([t.app.tasks.scheduler.pass(), other.pass()]);
    expect(mine + theirs).toBe(1);
    // Whichever process claimed it runs it.
    await Promise.all([t.app.tasks.runner.idle(), otherRunner.idle()]);
    const runs = await t.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', status: 'success' });
    // Moved to the next minute.
    const [row] = await t.database.db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.id, task.id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(row!.nextRunAt!.getUTCSeconds()).toBe(0);
  });

  it('skips a slot while the previous run still goes (« ignorer »), saying why', async () => {
    const task = await createTask({ nom: 'Lente', commande: 'sleep 5' });
    await makeTaskDue(task.id);
    await t.app.tasks.scheduler.pass();
    await makeTaskDue(task.id);
    await t.app.tasks.scheduler.pass();
    const runs = await t.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
    expect(runs.map((r) => r.status).sort()).toEqual(['running', 'skipped']);
    expect(runs.find((r) => r.status === 'skipped')!.error).toBe(taskTexts.previousStillRunning);
    const running = runs.find((r) => r.status === 'running')!;
    await call(t, 'POST', `${API}/deployments/${app.id}/task-runs/${running.id}/stop`, {
      token: team.developer.token,
    });
    await t.app.tasks.runner.idle();
    await call(t, 'PUT', `${API}/deployments/${app.id}/tasks/${task.id}`, {
      token: team.developer.token,
      body: { actif: false },
    });
  });

  it('« Exécuter maintenant » runs the task once, marked manual', async () => {
    const task = await createTask({ nom: 'À la main', commande: 'echo maintenant', actif: false });
    const res = await call(t, 'POST', `${API}/deployments/${app.id}/tasks/${task.id}/run`, {
      token: team.developer.token,
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.tasks.runner.idle();
    const list = await call(t, 'GET', `${API}/deployments/${app.id}/tasks`, {
      token: team.user.token,
    });
    const shown = list.json<{ taches: Task[] }>().taches.find((x) => x.id === task.id)!;
    expect(shown.derniere_execution).toMatchObject({ declencheur: 'manual', statut: 'success' });
  });

  /** A run another API process started, its heartbeat last written at `heartbeatAt`. */
  async function runOfAnotherProcess(claimedBy: string, heartbeatAt: Date) {
    const [run] = await t.database.db
      .insert(taskRuns)
      .values({
        deploymentId: app.id,
        projectId: project.id,
        command: 'sleep 600',
        trigger: 'command',
        status: 'running',
        timeoutSeconds: 600,
        claimedBy,
        heartbeatAt,
      })
      .returning();
    return run!;
  }

  it('fails the runs of a process that died, and prunes runs older than 30 days', async () => {
    const dead = await runOfAnotherProcess('un-autre-processus', new Date(Date.now() - 5 * 60_000));
    const [old] = await t.database.db
      .insert(taskRuns)
      .values({
        deploymentId: app.id,
        projectId: project.id,
        command: 'echo vieux',
        trigger: 'command',
        status: 'success',
        timeoutSeconds: 60,
        startedAt: new Date(Date.now() - 31 * 24 * 3600_000),
        finishedAt: new Date(Date.now() - 31 * 24 * 3600_000),
      })
      .returning();
    // A fresh scheduler prunes at its first pass.
    await new TaskScheduler(t.app.ctx, t.app.tasks.runner).pass();
    const [failed] = await t.database.db.select().from(taskRuns).where(eq(taskRuns.id, dead.id));
    expect(failed).toMatchObject({ status: 'failed', error: taskTexts.interrupted });
    // Its container, left running by the dead process, is removed.
    expect(runtime.removedTaskRuns).toEqual([dead.id]);
    expect(await t.database.db.select().from(taskRuns).where(eq(taskRuns.id, old!.id))).toEqual([]);
  });

  it('wakes when another process’s run goes stale, without polling for it', async () => {
    // Beating now: stale in 1.5 s. The scheduler's poll is an hour: only its next due time
    // (the stale heartbeat) brings it back.
    const alive = await runOfAnotherProcess('un-processus-qui-va-mourir', new Date());
    const scheduler = new TaskScheduler(t.app.ctx, t.app.tasks.runner, {
      pollMs: 3_600_000,
      staleMs: 1500,
    });
    scheduler.start();
    try {
      const statusOf = async () =>
        (await t.database.db.select().from(taskRuns).where(eq(taskRuns.id, alive.id)))[0]?.status;
      expect(await statusOf()).toBe('running');
      const deadline = Date.now() + 10_000;
      while ((await statusOf()) === 'running' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(await statusOf()).toBe('failed');
    } finally {
      await scheduler.stop();
    }
  });
});
