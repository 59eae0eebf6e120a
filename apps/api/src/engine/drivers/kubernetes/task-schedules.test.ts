import { taskTexts } from '@nuage/shared/messages/tasks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeRejectedError, type TaskSchedule } from '../../driver';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import { startScheduledJob } from '../../../../test/kubernetes/fake-cronjob-runs';
import {
  eventually,
  refOf,
  seedNamespace,
  seedQuota,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * Scheduled tasks as CronJobs (issue 29) against the strict fake API server: applied,
 * updated on a redeploy, suspended, deleted with the task and with the application; the Jobs
 * they create found and followed (log, exit code), a Job the quota keeps out failed in French.
 * The test plays the CronJob controller (fake-cronjob-runs.ts) and, where said, the kubelet.
 */
let api: FakeKubeApi;
let driver: KubernetesDriver;
const spec = makeSpec({ template: 'wordpress' });
const ns = spec.namespace;
const CRONJOBS = `/apis/batch/v1/namespaces/${ns}/cronjobs`;
const task: TaskSchedule = {
  taskId: '3c5e7a9b-1d2f-4a6b-8c0d-2e4f6a8b0c1d',
  command: 'echo rapport',
  schedule: '0 2 * * *',
  timeZone: 'Africa/Abidjan',
  timeoutSeconds: 600,
  concurrency: 'ignorer',
  enabled: true,
};
const other: TaskSchedule = { ...task, taskId: '9f8e7d6c-5b4a-4392-8180-7f6e5d4c3b2a' };

type CronJson = {
  metadata: { name: string };
  spec: {
    schedule: string;
    timeZone: string;
    suspend: boolean;
    concurrencyPolicy: string;
    jobTemplate: { spec: { template: { spec: { containers: { image: string }[] } } } };
  };
};
const cronJobs = () =>
  [...api.objects.entries()]
    .filter(([path]) => path.startsWith(`${CRONJOBS}/`))
    .map(([path, o]) => ({ path, object: o as unknown as CronJson }));

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster());
  seedNamespace(api, ns);
  await driver.apply(spec);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

describe('CronJobs of scheduled tasks', () => {
  it('applies one per task, updates it on a redeploy, suspends it when disabled, deletes it with the task', async () => {
    await driver.syncTaskSchedules(spec, [task, other]);
    expect(cronJobs()).toHaveLength(2);
    const [first] = cronJobs();
    expect(first!.object.spec).toMatchObject({
      schedule: '0 2 * * *',
      timeZone: 'Africa/Abidjan',
      concurrencyPolicy: 'Forbid',
      suspend: false,
    });
    // Applied with the driver's strict apply, like the application's objects.
    const applies = api.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith(CRONJOBS));
    expect(applies.every((r) => r.query.get('fieldValidation') === 'Strict')).toBe(true);

    const redeployed = { ...spec, app: { ...spec.app, image: 'wordpress:6.6-apache' } };
    await driver.syncTaskSchedules(redeployed, [task, { ...other, enabled: false }]);
    const images = cronJobs().map(
      (c) => c.object.spec.jobTemplate.spec.template.spec.containers[0]!.image,
    );
    expect(images).toEqual(['wordpress:6.6-apache', 'wordpress:6.6-apache']);
    expect(
      cronJobs()
        .map((c) => c.object.spec.suspend)
        .sort(),
    ).toEqual([false, true]);

    await driver.syncTaskSchedules(redeployed, [task]);
    expect(cronJobs()).toHaveLength(1);
    expect(cronJobs()[0]!.object.metadata.name).toContain('-cron-3c5e7a9b1d2f');
  });

  it('are deleted with the application', async () => {
    await driver.syncTaskSchedules(spec, [task]);
    expect(cronJobs()).toHaveLength(1);
    await driver.remove(refOf(spec));
    expect(cronJobs()).toEqual([]);
  });

  it('are refused, as the API server does, with a schedule Kubernetes would not read', async () => {
    const error = await driver
      .syncTaskSchedules(spec, [{ ...task, schedule: 'TZ=UTC 0 2 * * *' }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(cronJobs()).toEqual([]);
  });
});

describe('the Jobs the CronJobs create', () => {
  const slot = new Date('2026-11-29T02:00:00Z');

  it('are found with their task and slot, and followed to their end: log and exit code', async () => {
    await driver.syncTaskSchedules(spec, [task]);
    const path = startScheduledJob(api, cronJobs()[0]!.path, slot)!;
    const runs = await eventually(async () => {
      const found = await driver.scheduledTaskRuns(refOf(spec));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(runs[0]).toMatchObject({ taskId: task.taskId, scheduledAt: slot });
    const lines: string[] = [];
    const outcome = driver.followScheduledTaskRun(refOf(spec), runs[0]!, {
      runId: 'x',
      onLine: (l) => lines.push(l),
      signal: new AbortController().signal,
    });
    const job = api.objects.get(path) as {
      metadata: { name: string };
      spec: { template: { metadata: { labels: Record<string, string> }; spec: object } };
    };
    const pod = `${job.metadata.name}-k2x9p`;
    api.logs.set(`${ns}/${pod}/task`, 'rapport envoyé\n');
    api.put(`/api/v1/namespaces/${ns}/pods/${pod}`, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: pod,
        namespace: ns,
        labels: { ...job.spec.template.metadata.labels, 'job-name': job.metadata.name },
      },
      spec: job.spec.template.spec,
      status: {
        phase: 'Failed',
        containerStatuses: [
          {
            name: 'task',
            ready: false,
            restartCount: 0,
            image: spec.app.image,
            imageID: '',
            state: { terminated: { exitCode: 4 } },
          },
        ],
      },
    });
    api.update(path, (o) => ({
      ...o,
      status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] },
    }));
    await expect(outcome).resolves.toEqual({ exitCode: 4, timedOut: false, simulated: false });
    expect(lines).toEqual(['rapport envoyé']);
    // Left to the CronJob's history (kubectl shows it), not deleted by the platform.
    expect(api.has(path)).toBe(true);
  });

  it('one whose pod the namespace’s quota refuses is failed in French and deleted', async () => {
    const stop = runControllers(api);
    try {
      seedQuota(api, ns, { cpu: '1', memory: '2G' }, { cpu: '1', memory: '2G' });
      await driver.syncTaskSchedules(spec, [task]);
      const path = startScheduledJob(api, cronJobs()[0]!.path, slot)!;
      const [run] = await eventually(async () => {
        const found = await driver.scheduledTaskRuns(refOf(spec));
        expect(found).toHaveLength(1);
        return found;
      });
      const outcome = await driver.followScheduledTaskRun(refOf(spec), run!, {
        runId: 'x',
        onLine: () => {},
        signal: new AbortController().signal,
      });
      expect(outcome.exitCode).toBeNull();
      expect(outcome.reason).toMatch(/^L’exécution ne peut pas démarrer : /);
      expect(api.has(path)).toBe(false);
    } finally {
      stop();
    }
  }, 15_000);

  it('one that ended without ever having a pod never started, said in French', async () => {
    await driver.syncTaskSchedules(spec, [task]);
    const path = startScheduledJob(api, cronJobs()[0]!.path, slot)!;
    api.update(path, (o) => ({
      ...o,
      status: { conditions: [{ type: 'Failed', status: 'True', reason: 'DeadlineExceeded' }] },
    }));
    const [run] = await eventually(async () => {
      const found = await driver.scheduledTaskRuns(refOf(spec));
      expect(found).toHaveLength(1);
      return found;
    });
    const outcome = await driver.followScheduledTaskRun(refOf(spec), run!, {
      runId: 'x',
      onLine: () => {},
      signal: new AbortController().signal,
    });
    expect(outcome.reason).toBe(taskTexts.podNeverStarted);
  });

  it('a suspended CronJob starts nothing; Jobs of other kinds are not taken for scheduled runs', async () => {
    await driver.syncTaskSchedules(spec, [{ ...task, enabled: false }]);
    expect(startScheduledJob(api, cronJobs()[0]!.path, slot)).toBeNull();
    expect(await driver.scheduledTaskRuns(refOf(spec))).toEqual([]);
  });
});

it('refuses an application id that would select other applications’ Jobs', async () => {
  await expect(
    driver.scheduledTaskRuns({ ...refOf(spec), deploymentId: '' }),
  ).rejects.toBeInstanceOf(RuntimeRejectedError);
});
