import { choosableEvents } from '@nuage/shared/notification-events';
import { taskTexts } from '@nuage/shared/messages/tasks';
import type { Task, TaskRunLog } from '@nuage/shared/schemas/responses/tasks';
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
import { FakeCronRuntime } from '../../../test/helpers/fake-cron-runtime';
import { slackReceiver, type Receiver } from '../../../test/helpers/notification-receivers';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { TaskRunner } from './runner';
import { TaskScheduler } from './scheduler';

/**
 * Scheduled tasks on a runtime that schedules runs itself (issue 29: Kubernetes CronJobs):
 * the platform hands the tasks over and starts none of their slots, records each run the
 * runtime started once (even with two API processes), with its log and exit code, and tells
 * the channels of a failure. One-off commands are still the platform's.
 */
let t: TestApp;
let runtime: FakeCronRuntime;
let team: Team;
let project: Project;
let env: Environment;
let app: DeploymentView;
let slack: Receiver;

beforeAll(async () => {
  slack = await slackReceiver();
  runtime = new FakeCronRuntime();
  t = await createEngineTestApp(runtime, {
    config: { notifications: { allowPrivateTargets: true, telegramApiUrl: 'http://127.0.0.1:9' } },
  });
  ({ team, project, env } = await teamWithEnvironment(t, { quota_cpu: 2, quota_ram: 4 }));
  app = await deployApp(t, team.developer.token, env.id, { nom: 'paie', cpu: 0.5, ram: 1 });
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

async function told(): Promise<string[]> {
  while ((await t.app.deliveryWorker.pass()) > 0);
  const titles = slack.accepted.map((r) => String(r.json.text).split(' — ')[0]!);
  slack.accepted.length = 0;
  return titles;
}
const createTask = async (body: Record<string, unknown> = {}) => {
  const res = await call(t, 'POST', `${API}/deployments/${app.id}/tasks`, {
    token: team.developer.token,
    body: { nom: 'Bulletins', commande: 'php bulletins.php', planification: '0 2 * * *', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Task>();
};
const runsOf = (taskId: string) =>
  t.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId));
const logOf = async (runId: string) => {
  const res = await call(t, 'GET', `${API}/deployments/${app.id}/task-runs/${runId}/logs`, {
    token: team.developer.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TaskRunLog>();
};

describe('tasks scheduled by the runtime', () => {
  it('are handed over to the runtime, which starts their slots: the platform starts none', async () => {
    const task = await createTask();
    await t.app.tasks.scheduler.pass();
    expect(runtime.schedulesOf(app.id)).toEqual([
      {
        taskId: task.id,
        command: 'php bulletins.php',
        schedule: '0 2 * * *',
        timeZone: 'Africa/Abidjan',
        timeoutSeconds: 3600,
        concurrency: 'ignorer',
        enabled: true,
      },
    ]);
    const before = runtime.taskRuns.length;
    await t.database.db
      .update(scheduledTasks)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.id, task.id));
    await t.app.tasks.scheduler.pass();
    await t.app.tasks.runner.idle();
    expect(runtime.taskRuns.length).toBe(before);
    expect(await runsOf(task.id)).toEqual([]);
    // The slot moved on all the same: the page shows the next one.
    const [row] = await t.database.db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.id, task.id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('hands a change, a disabled task, a redeploy and a deleted task over again', async () => {
    const task = await createTask({ nom: 'Relances', planification: '*/15 * * * *' });
    await t.app.tasks.scheduler.pass();
    const synced = runtime.syncs.length;
    await t.app.tasks.scheduler.pass();
    expect(runtime.syncs.length).toBe(synced); // nothing changed: nothing applied again
    await call(t, 'PUT', `${API}/deployments/${app.id}/tasks/${task.id}`, {
      token: team.developer.token,
      body: { actif: false },
    });
    await t.app.tasks.scheduler.pass();
    expect(runtime.schedulesOf(app.id)!.find((s) => s.taskId === task.id)!.enabled).toBe(false);
    // A redeploy (a new generation applied): the runs get the new image and variables.
    await t.database.db
      .update(deployments)
      .set({ observedGeneration: sql`${deployments.observedGeneration} + 1` })
      .where(eq(deployments.id, app.id));
    await t.app.tasks.scheduler.pass();
    expect(runtime.syncs.length).toBe(synced + 2);
    const removed = await call(t, 'DELETE', `${API}/deployments/${app.id}/tasks/${task.id}`, {
      token: team.developer.token,
    });
    expect(removed.statusCode).toBe(204);
    await t.app.tasks.scheduler.pass();
    expect(runtime.schedulesOf(app.id)!.map((s) => s.taskId)).not.toContain(task.id);
  });

  it('records a run the runtime started once, even with two API processes, with its log and exit code', async () => {
    const task = await createTask({ nom: 'Export' });
    const slot = new Date('2026-11-29T02:00:00Z');
    runtime.startJob({
      deploymentId: app.id,
      taskId: task.id,
      scheduledAt: slot,
      lines: ['export de 42 lignes', 'terminé'],
      outcome: { exitCode: 0, timedOut: false, simulated: false },
    });
    const otherRunner = new TaskRunner(t.app.ctx);
    const other = new TaskScheduler(t.app.ctx, otherRunner);
    await Promise.all([t.app.tasks.scheduler.pass(), other.pass()]);
    await Promise.all([t.app.tasks.runner.idle(), otherRunner.idle()]);
    await t.app.tasks.scheduler.pass();
    await t.app.tasks.runner.idle();
    const runs = await runsOf(task.id);
    expect(runs).toHaveLength(1);
    expect(runtime.follows).toBe(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', status: 'success', exitCode: 0 });
    expect(runs[0]!.scheduledAt).toEqual(slot);
    const log = await logOf(runs[0]!.id);
    expect(log.lignes.map((l) => l.line)).toEqual(['export de 42 lignes', 'terminé']);
    expect(log.execution.declencheur).toBe('schedule');
  });

  it('fails a run that exited badly or that the quota refused, and tells the channels', async () => {
    await told();
    const task = await createTask({ nom: 'Sauvegarde' });
    const refusal = 'L’exécution ne peut pas démarrer : il manque 0,5 cœur dans le quota.';
    runtime.startJob({
      deploymentId: app.id,
      taskId: task.id,
      scheduledAt: new Date('2026-11-29T03:00:00Z'),
      lines: ['erreur'],
      outcome: { exitCode: 2, timedOut: false, simulated: false },
    });
    runtime.startJob({
      deploymentId: app.id,
      taskId: task.id,
      scheduledAt: new Date('2026-11-29T04:00:00Z'),
      lines: [],
      outcome: { exitCode: null, timedOut: false, simulated: false, reason: refusal },
    });
    await t.app.tasks.scheduler.pass();
    await t.app.tasks.runner.idle();
    const runs = (await runsOf(task.id)).sort(
      (a, b) => a.scheduledAt!.getTime() - b.scheduledAt!.getTime(),
    );
    expect(runs.map((r) => [r.status, r.error])).toEqual([
      ['failed', taskTexts.exitedWith(2)],
      ['failed', refusal],
    ]);
    expect(await told()).toEqual([
      'Échec de la tâche « Sauvegarde » : paie',
      'Échec de la tâche « Sauvegarde » : paie',
    ]);
  });

  it('leaves one-off commands to the platform, as on every runtime', async () => {
    const before = runtime.taskRuns.length;
    const res = await call(t, 'POST', `${API}/deployments/${app.id}/commands`, {
      token: team.developer.token,
      body: { commande: 'echo direct' },
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.tasks.runner.idle();
    expect(runtime.taskRuns.length).toBe(before + 1);
  });
});
