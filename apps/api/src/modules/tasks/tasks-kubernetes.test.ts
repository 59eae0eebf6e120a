import { taskTexts } from '@nuage/shared/messages/tasks';
import type { Task, TaskRunLog } from '@nuage/shared/schemas/responses/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRuns } from '../../db/schema/tasks';
import { deployApp, teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import { startScheduledJob } from '../../../test/kubernetes/fake-cronjob-runs';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import type { KubernetesDriver } from '../../engine/drivers/kubernetes/kubernetes-driver';

/**
 * Scheduled tasks end to end on Kubernetes (issue 29), the platform against the strict fake
 * API server: the task's CronJob applied in the application's namespace, the Job the cluster
 * starts from it recorded once as a run with its pod's log and exit code, the CronJob gone with
 * the task. The test plays the CronJob controller and the kubelet.
 */
let api: FakeKubeApi;
let driver: KubernetesDriver;
let t: TestApp;
let team: Team;
let appId: string;
let namespace: string;

beforeAll(async () => {
  ({ api, driver } = await startFakeCluster());
  t = await createEngineTestApp(driver);
  const created = await teamWithEnvironment(t);
  team = created.team;
  appId = (await deployApp(t, team.developer.token, created.env.id)).id;
  await t.app.engine.reconciler.runUntilIdle();
  namespace = created.env.namespace_k8s_id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await driver.close();
  await api.close();
});

const cronJobPaths = () =>
  [...api.objects.keys()].filter((p) =>
    p.startsWith(`/apis/batch/v1/namespaces/${namespace}/cronjobs/`),
  );

/** The Job's pod, as the Job controller and the kubelet would leave it: its output, its end. */
function finishJob(jobPath: string, log: string, exitCode: number) {
  const job = api.objects.get(jobPath) as {
    metadata: { name: string };
    spec: { template: { metadata: { labels: Record<string, string> }; spec: object } };
  };
  const pod = `${job.metadata.name}-m4n7q`;
  api.logs.set(`${namespace}/${pod}/task`, log);
  api.put(`/api/v1/namespaces/${namespace}/pods/${pod}`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: pod,
      namespace,
      labels: { ...job.spec.template.metadata.labels, 'job-name': job.metadata.name },
    },
    spec: job.spec.template.spec,
    status: {
      phase: exitCode === 0 ? 'Succeeded' : 'Failed',
      containerStatuses: [
        {
          name: 'task',
          ready: false,
          restartCount: 0,
          image: 'x',
          imageID: '',
          state: { terminated: { exitCode } },
        },
      ],
    },
  });
  api.update(jobPath, (o) => ({
    ...o,
    status: {
      conditions: [{ type: exitCode === 0 ? 'Complete' : 'Failed', status: 'True' }],
    },
  }));
}

describe('a scheduled task on Kubernetes', () => {
  it('is a CronJob the platform records the runs of, once each, with their log and exit code', async () => {
    const res = await call(t, 'POST', `${API}/deployments/${appId}/tasks`, {
      token: team.developer.token,
      body: { nom: 'Rapport', commande: 'echo rapport; exit 3', planification: '0 2 * * *' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json<Task>();
    await t.app.tasks.scheduler.pass();
    expect(cronJobPaths()).toHaveLength(1);
    const cron = api.objects.get(cronJobPaths()[0]!) as { spec: Record<string, unknown> };
    expect(cron.spec).toMatchObject({
      schedule: '0 2 * * *',
      timeZone: 'Africa/Abidjan',
      concurrencyPolicy: 'Forbid',
      suspend: false,
    });

    const slot = new Date('2026-11-29T02:00:00Z');
    const jobPath = startScheduledJob(api, cronJobPaths()[0]!, slot)!;
    finishJob(jobPath, 'rapport\n', 3);
    // The watch cache hears of the Job; then the pass records it and the runner follows it.
    for (let i = 0; i < 50; i++) {
      await t.app.tasks.scheduler.pass();
      await t.app.tasks.runner.idle();
      const rows = await t.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
      if (rows.length && rows[0]!.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await t.app.tasks.scheduler.pass();
    await t.app.tasks.runner.idle();
    const runs = await t.database.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      trigger: 'schedule',
      status: 'failed',
      exitCode: 3,
      error: taskTexts.exitedWith(3),
    });
    expect(runs[0]!.scheduledAt).toEqual(slot);
    const log = await call(t, 'GET', `${API}/deployments/${appId}/task-runs/${runs[0]!.id}/logs`, {
      token: team.developer.token,
    });
    expect(log.json<TaskRunLog>().lignes.map((l) => l.line)).toEqual(['rapport']);

    const removed = await call(t, 'DELETE', `${API}/deployments/${appId}/tasks/${task.id}`, {
      token: team.developer.token,
    });
    expect(removed.statusCode).toBe(204);
    await t.app.tasks.scheduler.pass();
    expect(cronJobPaths()).toEqual([]);
  });
});
