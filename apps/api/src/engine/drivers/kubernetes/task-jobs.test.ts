import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeRejectedError, type TaskRunRequest } from '../../driver';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { jobHelpers, type JobJson } from '../../../../test/kubernetes/fake-jobs';
import {
  eventually,
  seedNamespace,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * Task runs and one-off commands on Kubernetes (issue 29) against the strict fake API server:
 * a Job of the application's own pod template in its namespace, never selected by its Service
 * or Deployment, its pod's output handed over line by line, its exit code read from the pod,
 * removed once it ended. The test plays the kubelet and the Job controller.
 */
let api: FakeKubeApi;
let driver: KubernetesDriver;
const spec = makeSpec({ template: 'wordpress' });
const ns = spec.namespace;
const { jobsNamed, seedQuota } = jobHelpers(() => api, ns);

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster());
  seedNamespace(api, ns);
  await driver.apply(spec);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

function request(command: string, lines: string[], timeoutSeconds = 60): TaskRunRequest {
  return {
    runId: '0b6c1a52-96f4-4a7e-9d0c-6f1f3f0f9a11',
    command,
    timeoutSeconds,
    onLine: (line) => lines.push(line),
    signal: new AbortController().signal,
  };
}

/** The task Job once created, as the API server stored it. */
const taskJob = () =>
  eventually(() => {
    const [job] = jobsNamed('-run-');
    expect(job).toBeDefined();
    return job!;
  });

/** The pod of the Job with what its container printed, then its end (exit code, condition). */
function play(
  job: { path: string; object: JobJson },
  opts: { log: string; exitCode?: number; condition: 'Complete' | 'Failed'; reason?: string },
) {
  const name = job.object.metadata.name;
  const pod = `${name}-q8w2z`;
  api.logs.set(`${ns}/${pod}/task`, opts.log);
  api.put(`/api/v1/namespaces/${ns}/pods/${pod}`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: pod,
      namespace: ns,
      labels: { ...job.object.spec.template.metadata.labels, 'job-name': name },
    },
    spec: job.object.spec.template.spec,
    status: {
      phase: opts.condition === 'Complete' ? 'Succeeded' : 'Failed',
      containerStatuses:
        opts.exitCode === undefined
          ? []
          : [
              {
                name: 'task',
                ready: false,
                restartCount: 0,
                image: spec.app.image,
                imageID: '',
                state: { terminated: { exitCode: opts.exitCode } },
              },
            ],
    },
  });
  api.update(job.path, (o) => ({
    ...o,
    status: {
      conditions: [
        { type: opts.condition, status: 'True', ...(opts.reason ? { reason: opts.reason } : {}) },
      ],
    },
  }));
}

describe('task runs as Kubernetes Jobs', () => {
  it('runs the command in the application’s pod template, hands over its output and exit code, then deletes the Job', async () => {
    const lines: string[] = [];
    const outcome = driver.runTask(spec, request('echo "$HOME" && exit 3', lines));
    const job = await taskJob();
    const stored = job.object as unknown as {
      spec: {
        backoffLimit: number;
        activeDeadlineSeconds: number;
        template: {
          metadata: { labels: Record<string, string> };
          spec: Record<string, unknown> & { containers: Record<string, unknown>[] };
        };
      };
    };
    const deployment = api.objects.get(
      `/apis/apps/v1/namespaces/${ns}/deployments/${spec.app.name}`,
    ) as unknown as {
      spec: {
        selector: { matchLabels: Record<string, string> };
        template: { spec: Record<string, unknown> & { containers: Record<string, unknown>[] } };
      };
    };
    const [task] = stored.spec.template.spec.containers;
    const [app] = deployment.spec.template.spec.containers;
    // The command is one argument after the image's entrypoint; `$` is kept from Kubernetes' expansion.
    expect(task!.args).toEqual(['/bin/sh', '-c', 'echo "$$HOME" && exit 3']);
    expect(task!.command).toBeUndefined();
    // Same image, variables, limits, mounts and security as the application's container.
    for (const field of ['image', 'env', 'resources', 'volumeMounts', 'securityContext'])
      expect(task![field], field).toEqual(app![field]);
    expect(stored.spec.template.spec.securityContext).toEqual(
      deployment.spec.template.spec.securityContext,
    );
    expect(stored.spec.template.spec.automountServiceAccountToken).toBe(false);
    expect(task!.ports).toBeUndefined();
    expect(task!.readinessProbe).toBeUndefined();
    expect(stored.spec).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: 60 });
    expect(stored.spec.template.spec.restartPolicy).toBe('Never');
    // The application's Deployment (and Service) never select it.
    const selector = deployment.spec.selector.matchLabels;
    const labels = stored.spec.template.metadata.labels;
    expect(Object.entries(selector).every(([k, v]) => labels[k] === v)).toBe(false);

    play(job, {
      log: 'bonjour\nfin\n',
      exitCode: 3,
      condition: 'Failed',
      reason: 'BackoffLimitExceeded',
    });
    await expect(outcome).resolves.toEqual({ exitCode: 3, timedOut: false, simulated: false });
    expect(lines).toEqual(['bonjour', 'fin']);
    await eventually(() => expect(jobsNamed('-run-')).toEqual([]));
  });

  it('says the run overran when the Job hit its activeDeadlineSeconds', async () => {
    const outcome = driver.runTask(spec, request('sleep 600', [], 10));
    const job = await taskJob();
    await driver.apply(spec);
    expect(jobsNamed('-run-')).toHaveLength(1);
    play(job, { log: '', condition: 'Failed', reason: 'DeadlineExceeded' });
    await expect(outcome).resolves.toMatchObject({ timedOut: true });
  });

  it('refuses, in French, a run the namespace’s quota cannot hold, before creating anything', async () => {
    seedQuota({ cpu: '1', memory: '2G' }, { cpu: '1', memory: '2G' });
    const error = await driver.runTask(spec, request('echo x', [])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeRejectedError);
    expect((error as Error).message).toMatch(/^L’exécution ne peut pas démarrer : /);
    expect(jobsNamed('-run-')).toEqual([]);
  });
});
