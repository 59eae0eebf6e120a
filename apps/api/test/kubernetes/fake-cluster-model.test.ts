import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runControllers } from './fake-controllers';
import { eventually, seedNamespace, seedQuota } from './fake-cluster';
import { FakeKubeApi } from './fake-kube-api';
import { defaultOutcome, type PodOutcome } from './fake-kubelet';
import type { Json } from './fake-paths';

/**
 * The fake cluster behaves as a real one where the driver's correctness depends on it: quota
 * admission and the quota controller's status, the Deployment controller's arithmetic
 * (fenceposts, proportional scaling, the scaling event before a rollout, Recreate), Jobs the
 * quota refuses, namespaces that finalise later, and RBAC gated by the RoleBinding. The
 * expected numbers and messages are upstream's (kube-apiserver and kube-controller-manager).
 */

const NS = 'env-modele-a1b2c3';
let api: FakeKubeApi;
let stop = () => {};
let fate: (pod: Json) => PodOutcome;

beforeEach(async () => {
  api = new FakeKubeApi();
  await api.start();
  seedNamespace(api, NS);
  fate = defaultOutcome;
  stop = runControllers(api, { pods: (pod) => fate(pod), podStartMs: 5, terminationMs: 5 });
});
afterEach(async () => {
  stop();
  await api.close();
});

const send = (method: string, path: string, body?: unknown, token = 'jeton') =>
  fetch(`${api.url}${path}?fieldManager=test`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/apply-patch+yaml' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const DEPLOYMENTS = `/apis/apps/v1/namespaces/${NS}/deployments`;
const deployment = (replicas: number, image: string, strategy?: Json) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'site', namespace: NS },
  spec: {
    replicas,
    selector: { matchLabels: { app: 'site' } },
    ...(strategy ? { strategy } : {}),
    template: {
      metadata: { labels: { app: 'site' } },
      spec: {
        containers: [
          {
            name: 'main',
            image,
            resources: { limits: { cpu: '458m', memory: '100M' } },
          },
        ],
      },
    },
  },
});
const replicaSets = () =>
  [...api.objects.entries()]
    .filter(([p]) => p.startsWith(`/apis/apps/v1/namespaces/${NS}/replicasets/`))
    .map(
      ([, rs]) =>
        rs as {
          spec: { replicas: number; template: { spec: { containers: { image: string }[] } } };
          status?: Json;
        },
    );
const sizeOf = (image: string) =>
  replicaSets().find((rs) => rs.spec.template.spec.containers[0]!.image === image)?.spec.replicas;
const podsOf = (image: string) =>
  [...api.objects.entries()].filter(
    ([p, o]) =>
      p.startsWith(`/api/v1/namespaces/${NS}/pods/`) &&
      (o.spec as { containers: { image: string }[] }).containers[0]!.image === image,
  );
const status = () =>
  api.objects.get(`${DEPLOYMENTS}/site`)!.status as Json & { conditions: Json[] };

describe('ResourceQuota', () => {
  it('refuses the pod that does not fit with the API server’s message; the ReplicaSet says so, the Deployment copies it', async () => {
    seedQuota(api, NS, { cpu: '2500m', memory: '8G' }, { cpu: '2208m', memory: '1G' });
    expect((await send('PATCH', `${DEPLOYMENTS}/site`, deployment(1, 'site:1'))).status).toBe(201);
    await eventually(() => {
      const failure = status().conditions.find((c) => c.type === 'ReplicaFailure');
      expect(failure).toMatchObject({ status: 'True', reason: 'FailedCreate' });
      expect(failure!.message).toMatch(
        /^pods "site-[0-9a-f]{10}-[a-z0-9]{5}" is forbidden: exceeded quota: nuagedeploy-quota, requested: limits\.cpu=458m,requests\.cpu=458m, used: limits\.cpu=2208m,requests\.cpu=2208m, limited: limits\.cpu=2500m,requests\.cpu=2500m$/,
      );
    });
    // The quota controller's view: hard from the spec, used from the live pods.
    const quota = api.objects.get(`/api/v1/namespaces/${NS}/resourcequotas/nuagedeploy-quota`)!;
    expect(quota.status).toMatchObject({
      hard: { 'limits.cpu': '2500m', 'limits.memory': '8G' },
      used: { 'limits.cpu': '2208m', 'limits.memory': '1G' },
    });
    // Room comes back: the ReplicaSet tries again, the condition goes.
    seedQuota(api, NS, { cpu: '2500m', memory: '8G' }, { cpu: '2000m', memory: '1G' });
    await eventually(() => {
      expect(status().availableReplicas).toBe(1);
      expect(status().conditions.map((c) => c.type)).not.toContain('ReplicaFailure');
    });
  });

  it('a Job whose pod is refused stays pending, without failing, and starts once there is room', async () => {
    seedQuota(api, NS, { cpu: '1', memory: '1G' }, { cpu: '1', memory: '100M' });
    const job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'setup', namespace: NS },
      spec: {
        template: {
          spec: {
            restartPolicy: 'Never',
            containers: [
              {
                name: 'setup',
                image: 'cli',
                resources: { limits: { cpu: '200m', memory: '256M' } },
              },
            ],
          },
        },
      },
    };
    expect((await send('PATCH', `/apis/batch/v1/namespaces/${NS}/jobs/setup`, job)).status).toBe(
      201,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stored = () =>
      api.objects.get(`/apis/batch/v1/namespaces/${NS}/jobs/setup`)!.status as Json;
    expect(stored().conditions).toBeUndefined();
    expect(stored().active).toBeUndefined();
    seedQuota(api, NS, { cpu: '1', memory: '1G' });
    await eventually(() =>
      expect(stored().conditions).toEqual([
        expect.objectContaining({ type: 'Complete', status: 'True' }),
      ]),
    );
  });
});

describe('the Deployment controller', () => {
  it('RollingUpdate by default: 25 % surge rounded up, 25 % unavailable rounded down', async () => {
    await send('PATCH', `${DEPLOYMENTS}/site`, deployment(4, 'site:1'));
    await eventually(() => expect(status().availableReplicas).toBe(4));
    fate = () => 'pending';
    await send('PATCH', `${DEPLOYMENTS}/site`, deployment(4, 'site:2'));
    // maxSurge 1 (25 % of 4), maxUnavailable 1: one new pod, one old one stopped, and no more
    // while the new one is not available.
    await eventually(() => {
      expect(sizeOf('site:2')).toBe(2);
      expect(sizeOf('site:1')).toBe(3);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([sizeOf('site:1'), sizeOf('site:2')]).toEqual([3, 2]);
  });

  it('scales a rollout in progress proportionally (upstream’s proportion and leftover)', async () => {
    await send(
      'PATCH',
      `${DEPLOYMENTS}/site`,
      deployment(4, 'site:1', {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
      }),
    );
    await eventually(() => expect(status().availableReplicas).toBe(4));
    fate = () => 'pending';
    await send(
      'PATCH',
      `${DEPLOYMENTS}/site`,
      deployment(4, 'site:2', {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
      }),
    );
    await eventually(() => expect([sizeOf('site:1'), sizeOf('site:2')]).toEqual([4, 1]));
    // 4 → 8 replicas: 9 pods allowed in all; the old ReplicaSet (4 of the 5 before) takes
    // round(4 × 9 / 5) = 7, the new one round(1 × 9 / 5) = 2.
    await send(
      'PATCH',
      `${DEPLOYMENTS}/site`,
      deployment(8, 'site:2', {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
      }),
    );
    await eventually(() => expect([sizeOf('site:1'), sizeOf('site:2')]).toEqual([7, 2]));
  });

  it('a new template and a new replica count at once: the serving ReplicaSet is scaled first (a scaling event)', async () => {
    const strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } };
    await send('PATCH', `${DEPLOYMENTS}/site`, deployment(1, 'site:1', strategy));
    await eventually(() => expect(status().availableReplicas).toBe(1));
    fate = () => 'pending';
    let oldPods = 0;
    api.onChange = () => (oldPods = Math.max(oldPods, podsOf('site:1').length));
    await send('PATCH', `${DEPLOYMENTS}/site`, deployment(3, 'site:2', strategy));
    // Then the rollout (maxSurge 0, maxUnavailable 1): the unhealthy old pods go first.
    await eventually(() => expect([sizeOf('site:1'), sizeOf('site:2')]).toEqual([2, 1]));
    expect(oldPods).toBe(3);
  });

  it('Recreate: every old pod is gone before a new one exists', async () => {
    let overlap = false;
    api.onChange = () => {
      if (podsOf('site:1').length > 0 && podsOf('site:2').length > 0) overlap = true;
    };
    await send('PATCH', `${DEPLOYMENTS}/site`, deployment(2, 'site:1', { type: 'Recreate' }));
    await eventually(() => expect(status().availableReplicas).toBe(2));
    await send('PATCH', `${DEPLOYMENTS}/site`, deployment(2, 'site:2', { type: 'Recreate' }));
    await eventually(() =>
      expect(
        podsOf('site:2').filter(([, p]) => (p.status as Json).phase === 'Running'),
      ).toHaveLength(2),
    );
    expect(overlap).toBe(false);
  });

  it('past progressDeadlineSeconds without progress: Progressing False, ProgressDeadlineExceeded', async () => {
    const stopFast = runControllers(api, { pods: () => 'unready', deadlineSecondMs: 1 });
    stop();
    stop = stopFast;
    const d = deployment(1, 'site:1');
    await send('PATCH', `${DEPLOYMENTS}/site`, {
      ...d,
      spec: { ...d.spec, progressDeadlineSeconds: 60 },
    });
    await eventually(() =>
      expect(status().conditions.find((c) => c.type === 'Progressing')).toMatchObject({
        status: 'False',
        reason: 'ProgressDeadlineExceeded',
      }),
    );
  });
});

describe('namespaces and RBAC', () => {
  it('a deleted namespace is Terminating, refuses new content, answers 409 to a second DELETE, then goes with its content', async () => {
    seedQuota(api, NS, { cpu: '1', memory: '1G' });
    // Long enough for the requests below to meet it Terminating on a busy machine: once
    // finalised, its RoleBinding is gone too and the refusal is RBAC's.
    api.namespaceFinalizeMs = 1500;
    const deleted = await send('DELETE', `/api/v1/namespaces/${NS}`);
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as Json).status).toEqual({ phase: 'Terminating' });
    const created = await send('PATCH', `/api/v1/namespaces/${NS}/secrets/x`, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'x', namespace: NS },
    });
    expect(created.status).toBe(403);
    expect(((await created.json()) as Json).message).toBe(
      `secrets "x" is forbidden: unable to create new content in namespace ${NS} because it is being terminated`,
    );
    expect((await send('DELETE', `/api/v1/namespaces/${NS}`)).status).toBe(409);
    expect(api.has(`/api/v1/namespaces/${NS}/resourcequotas/nuagedeploy-quota`)).toBe(true);
    await eventually(() => expect(api.has(`/api/v1/namespaces/${NS}`)).toBe(false), 10_000);
    expect(api.has(`/api/v1/namespaces/${NS}/resourcequotas/nuagedeploy-quota`)).toBe(false);
  });

  it('the platform’s account is refused in a namespace until its RoleBinding there exists', async () => {
    const other = 'env-suivant-d4e5f6';
    api.put(`/api/v1/namespaces/${other}`, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: other },
    });
    const path = `/api/v1/namespaces/${other}/resourcequotas/nuagedeploy-quota`;
    const refused = await send('GET', path);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).message).toBe(
      `resourcequotas "nuagedeploy-quota" is forbidden: User "system:serviceaccount:nuagedeploy:nuagedeploy" cannot get resource "resourcequotas" in API group "" in the namespace "${other}"`,
    );
    // Cluster-wide, it may read namespaces; an administrator (no token) is never refused.
    expect((await send('GET', `/api/v1/namespaces/${other}`)).status).toBe(200);
    expect((await send('GET', path, undefined, '')).status).toBe(404);
    seedNamespace(api, other);
    expect((await send('GET', path)).status).toBe(404);
  });
});
