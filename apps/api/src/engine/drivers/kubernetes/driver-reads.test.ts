import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VARIANTS, makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import { type FakeKubeApi, statusBody } from '../../../../test/kubernetes/fake-kube-api';
import {
  eventually,
  readyStatus,
  refOf,
  seedNamespace,
  seedPod,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster());
  seedNamespace(api, spec.namespace);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

const tls = VARIANTS.find((v) => v.tls)!;
const spec = makeSpec({ template: 'wordpress', variant: { ...tls, replicas: 2 } });
const ns = spec.namespace;
const deploymentPath = `/apis/apps/v1/namespaces/${ns}/deployments/${spec.name}`;
const statefulSetPath = `/apis/apps/v1/namespaces/${ns}/statefulsets/${spec.database!.name}`;
const selector = `app.kubernetes.io/managed-by=nuagedeploy,nuagedeploy.io/deployment-id=${spec.deploymentId}`;

function setStatus(path: string, status: Record<string, unknown>) {
  api.update(path, (o) => ({ ...o, status }));
}

async function appliedAndReady() {
  await driver.apply(spec);
  setStatus(deploymentPath, {
    observedGeneration: 1,
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: 2,
  });
  setStatus(statefulSetPath, { replicas: 1, readyReplicas: 1 });
  seedPod(api, spec, 'app', `${spec.name}-7d9f-a`, readyStatus(spec.app.image));
  seedPod(api, spec, 'app', `${spec.name}-7d9f-b`, readyStatus(spec.app.image));
  seedPod(api, spec, 'database', `${spec.database!.name}-0`, readyStatus(spec.database!.image));
  // Watch events arrive on their own time: wait until the driver has seen them all.
  await eventually(async () => {
    const s = await driver.status(refOf(spec));
    expect([s.phase, s.pods.length]).toEqual(['running', 3]);
  });
}

describe('status', () => {
  it('is absent when no Deployment exists', async () => {
    expect(await driver.status(refOf(spec))).toEqual({
      phase: 'absent',
      pods: [],
      readyReplicas: 0,
      url: null,
      reason: null,
      images: [],
    });
  });

  it('is running once every replica and the database are ready, reachable over https', async () => {
    await appliedAndReady();
    const status = await eventually(async () => {
      const s = await driver.status(refOf(spec));
      expect(s).toMatchObject({
        phase: 'running',
        readyReplicas: 2,
        url: 'https://boutique.exemple.sn',
        reason: null,
      });
      expect(s.pods).toHaveLength(3);
      return s;
    });
    api.requests.length = 0;
    // From the watches' memory: no request at all.
    await driver.status(refOf(spec));
    expect(api.requests).toEqual([]);
    expect(status.pods.map((p) => [p.name, p.status, p.ready, p.restarts])).toEqual([
      [`${spec.name}-7d9f-a`, 'Running', true, 1],
      [`${spec.name}-7d9f-b`, 'Running', true, 1],
      [`${spec.database!.name}-0`, 'Running', true, 1],
    ]);
    expect(status.images).toEqual([spec.app.image, spec.database!.image]);
  });

  it('is starting while a replica is not ready, or the rollout is not observed yet', async () => {
    await appliedAndReady();
    setStatus(deploymentPath, {
      observedGeneration: 1,
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 1,
    });
    await eventually(async () =>
      expect(await driver.status(refOf(spec))).toMatchObject({
        phase: 'starting',
        readyReplicas: 1,
      }),
    );
    setStatus(deploymentPath, {
      observedGeneration: 0,
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 2,
    });
    await eventually(async () =>
      expect(await driver.status(refOf(spec))).toMatchObject({
        phase: 'starting',
        readyReplicas: 2,
      }),
    );
  });

  it('is failed with a French reason when an image cannot be pulled', async () => {
    await appliedAndReady();
    seedPod(api, spec, 'app', `${spec.name}-8e1a-c`, {
      phase: 'Pending',
      containerStatuses: [
        {
          name: spec.name,
          image: 'docker.io/library/wordpress:99-nope',
          ready: false,
          restartCount: 0,
          state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image' } },
        },
      ],
    });
    const status = await eventually(async () => {
      const s = await driver.status(refOf(spec));
      expect(s.phase).toBe('failed');
      return s;
    });
    expect(status.reason).toContain(
      'Image introuvable ou inaccessible (docker.io/library/wordpress:99-nope)',
    );
    expect(status.pods.find((p) => p.name.endsWith('8e1a-c'))?.status).toBe('ImagePullBackOff');
  });

  it('says http without a certificate, and the platform host (APPS_DOMAIN) without a domain', async () => {
    const plain = makeSpec({ template: 'joomla', domain: 'site.exemple.sn' });
    await driver.apply(plain);
    expect((await driver.status(refOf(plain))).url).toBe('http://site.exemple.sn');
    const bare = makeSpec({
      template: 'drupal',
      deploymentId: '77777777-8888-4777-8666-555555555555',
    });
    await driver.apply(bare);
    expect((await driver.status(refOf(bare))).url).toBe(`http://${bare.hostLabel}.apps.nuage.test`);
  });
});

describe('logs', () => {
  it('reads the last N lines of each pod, prefixed by the pod', async () => {
    await appliedAndReady();
    api.logs.set(`${ns}/${spec.name}-7d9f-a/${spec.name}`, 'a1\na2\na3\n');
    api.logs.set(`${ns}/${spec.name}-7d9f-b/${spec.name}`, 'b1\nb2\nb3\n');
    api.logs.set(`${ns}/${spec.database!.name}-0/${spec.database!.name}`, 'db1\ndb2\n');
    api.requests.length = 0;
    const text = await driver.logs(refOf(spec), { tailLines: 2 });
    expect(text.split('\n')).toEqual([
      `[${spec.name}-7d9f-a] a2`,
      `[${spec.name}-7d9f-a] a3`,
      `[${spec.name}-7d9f-b] b2`,
      `[${spec.name}-7d9f-b] b3`,
      `[${spec.database!.name}-0] db1`,
      `[${spec.database!.name}-0] db2`,
    ]);
    const logCalls = api.requests.filter((r) => r.path.endsWith('/log'));
    expect(logCalls.map((r) => r.path)).toContain(
      `/api/v1/namespaces/${ns}/pods/${spec.name}-7d9f-a/log`,
    );
    for (const r of logCalls) expect(r.query.get('tailLines')).toBe('2');
  });

  it('says which pod has no logs yet instead of failing', async () => {
    await appliedAndReady();
    api.logs.set(`${ns}/${spec.name}-7d9f-a/${spec.name}`, 'ok\n');
    const text = await driver.logs(refOf(spec), { tailLines: 50 });
    expect(text).toContain(`[${spec.name}-7d9f-a] ok`);
    expect(text).toContain(
      `[${spec.name}-7d9f-b] (journal indisponible : container is waiting to start)`,
    );
  });
});

describe('metrics', () => {
  const podMetrics = (name: string, cpu: string, memory: string) => ({
    metadata: {
      name,
      labels: {
        'app.kubernetes.io/managed-by': 'nuagedeploy',
        'nuagedeploy.io/deployment-id': spec.deploymentId,
      },
    },
    containers: [{ name: 'main', usage: { cpu, memory } }],
  });

  it('is null when the metrics API is not installed (404) or down (503)', async () => {
    expect(await driver.metrics(refOf(spec))).toBeNull();
    const call = api.requests.at(-1)!;
    expect(call.path).toBe(`/apis/metrics.k8s.io/v1beta1/namespaces/${ns}/pods`);
    expect(call.query.get('labelSelector')).toBe(selector);
    api.intercept = () => ({
      status: 503,
      body: statusBody(
        503,
        'ServiceUnavailable',
        'the server is currently unable to handle the request',
      ),
    });
    expect(await driver.metrics(refOf(spec))).toBeNull();
  });

  it('sums the usage of the application pods in millicores and SI megabytes', async () => {
    api.metrics = [
      podMetrics('app-a', '250000000n', '128Mi'),
      podMetrics('db-0', '12m', '200000Ki'),
      { ...podMetrics('other-app', '4', '8Gi'), metadata: { name: 'other-app', labels: {} } },
    ];
    const metrics = await driver.metrics(refOf(spec));
    expect(metrics).toMatchObject({
      source: 'kubernetes',
      cpuMilli: 262,
      ramMb: 134 + 205,
      pods: [
        { name: 'app-a', cpuMilli: 250, ramMb: 134 },
        { name: 'db-0', cpuMilli: 12, ramMb: 205 },
      ],
    });
    expect(Number.isNaN(Date.parse(metrics!.collectedAt))).toBe(false);
  });

  it('splits a Compose stack’s usage per service, from the pods’ component and service labels', async () => {
    const labelled = (
      name: string,
      cpu: string,
      memory: string,
      labels: Record<string, string>,
    ) => {
      const m = podMetrics(name, cpu, memory);
      return { ...m, metadata: { name, labels: { ...m.metadata.labels, ...labels } } };
    };
    api.metrics = [
      // The exposed service's pods are the application's own (component app).
      labelled(`${spec.name}-7d9f-a`, '100m', '100M', { 'app.kubernetes.io/component': 'app' }),
      labelled(`${spec.name}-7d9f-b`, '50m', '60M', { 'app.kubernetes.io/component': 'app' }),
      labelled(`${spec.name}-db-0`, '30m', '400M', {
        'app.kubernetes.io/component': 'service',
        'nuagedeploy.io/service': 'db',
      }),
    ];
    const stack = { services: ['web', 'db', 'worker'], exposed: 'web' };
    const metrics = await driver.metrics({ ...refOf(spec), stackServices: stack });
    expect(metrics?.services).toEqual([
      {
        service: 'web',
        cpuMilli: 150,
        ramMb: 160,
        netRxBytes: null,
        netTxBytes: null,
        restarts: null,
      },
      {
        service: 'db',
        cpuMilli: 30,
        ramMb: 400,
        netRxBytes: null,
        netTxBytes: null,
        restarts: null,
      },
      {
        service: 'worker',
        cpuMilli: 0,
        ramMb: 0,
        netRxBytes: null,
        netTxBytes: null,
        restarts: null,
      },
    ]);
    // The application's totals are unchanged by the split.
    expect(metrics).toMatchObject({ cpuMilli: 180, ramMb: 560 });
    expect((await driver.metrics(refOf(spec)))?.services).toBeUndefined();
  });
});
