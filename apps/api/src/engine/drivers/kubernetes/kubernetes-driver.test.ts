import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';
import { renderApplication } from '../../manifests/application';
import { renderEnvironment } from '../../manifests/namespace';
import {
  VARIANTS,
  makeEnvironment,
  makeSpec,
} from '../../../../test/engine/manifests/test-fixtures';
import { type FakeKubeApi, statusBody } from '../../../../test/kubernetes/fake-kube-api';
import {
  TEST_RENDER,
  refOf,
  seedNamespace,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import { KubernetesDriver } from './kubernetes-driver';
import { SPEC_HASH, jobSpecHash } from './setup-room';
import { TEMPLATE_HASH, templateHash } from './template-hash';

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster());
  seedNamespace(api, makeSpec({ template: 'wordpress' }).namespace);
  api.requests.length = 0;
});
afterEach(async () => {
  await driver.close();
  await api.close();
});
const applies = () => api.requests.filter((r) => r.method === 'PATCH');

const tls = VARIANTS.find((v) => v.tls)!;
const spec = makeSpec({ template: 'wordpress', variant: tls });
const ns = spec.namespace;
const selector = `app.kubernetes.io/managed-by=nuagedeploy,nuagedeploy.io/deployment-id=${spec.deploymentId}`;

const PATHS: Record<string, string> = {
  Secret: `/api/v1/namespaces/${ns}/secrets`,
  PersistentVolumeClaim: `/api/v1/namespaces/${ns}/persistentvolumeclaims`,
  Service: `/api/v1/namespaces/${ns}/services`,
  StatefulSet: `/apis/apps/v1/namespaces/${ns}/statefulsets`,
  Deployment: `/apis/apps/v1/namespaces/${ns}/deployments`,
  Job: `/apis/batch/v1/namespaces/${ns}/jobs`,
  CronJob: `/apis/batch/v1/namespaces/${ns}/cronjobs`,
  HorizontalPodAutoscaler: `/apis/autoscaling/v2/namespaces/${ns}/horizontalpodautoscalers`,
  Ingress: `/apis/networking.k8s.io/v1/namespaces/${ns}/ingresses`,
};

function expectApplyPatch(request: FakeKubeApi['requests'][number], path: string, object: unknown) {
  expect(request.method).toBe('PATCH');
  expect(request.path).toBe(path);
  expect(request.contentType).toBe('application/apply-patch+yaml');
  expect(request.query.get('fieldManager')).toBe('nuagedeploy');
  expect(request.query.get('force')).toBe('true');
  expect(request.query.get('fieldValidation')).toBe('Strict');
  expect(request.authorization).toBe('Bearer jeton-de-test');
  expect(JSON.parse(request.body)).toEqual(object);
}

describe('KubernetesDriver against a fake API server', () => {
  it('ensureEnvironment applies the Namespace, then the binding and policies (the quota is distributed apart)', async () => {
    const env = makeEnvironment();
    await driver.ensureEnvironment(env);
    const [namespace, , binding, deny, allow, limits] = renderEnvironment(env);
    const sent = [namespace, binding, deny, allow, limits];
    expect(api.requests).toHaveLength(sent.length);
    sent.forEach((object, i) => {
      const path =
        i === 0
          ? `/api/v1/namespaces/${ns}`
          : `${{ RoleBinding: `/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/rolebindings`, NetworkPolicy: `/apis/networking.k8s.io/v1/namespaces/${ns}/networkpolicies`, LimitRange: `/api/v1/namespaces/${ns}/limitranges` }[object.kind as 'RoleBinding']}/${object.metadata.name}`;
      expectApplyPatch(api.requests[i]!, path, object);
    });
  });

  it('apply sends every rendered object, in order, as a strict server-side apply patch', async () => {
    const result = await driver.apply(spec);
    expect(result).toEqual({ preparations: [] });
    // As rendered, plus what the driver notes on its workloads (outside their pod templates):
    // the Deployment's template hash (rollout-room.ts), the setup Job's spec hash (setup-room.ts).
    const objects = renderApplication(spec, TEST_RENDER).map((o) => {
      if (o.kind === 'Deployment')
        o.metadata.annotations = { ...o.metadata.annotations, [TEMPLATE_HASH]: templateHash(o) };
      if (o.kind === 'Job')
        o.metadata.annotations = { ...o.metadata.annotations, [SPEC_HASH]: jobSpecHash(o) };
      return o;
    });
    expect(objects.filter((o) => o.kind === 'Ingress')).toHaveLength(2);
    const sent = applies();
    expect(sent).toHaveLength(objects.length);
    objects.forEach((object, i) => {
      expectApplyPatch(sent[i]!, `${PATHS[object.kind]}/${object.metadata.name}`, object);
    });
    // Idempotent: applying again sends the same patches and creates nothing new.
    const stored = api.objects.size;
    await driver.apply(spec);
    expect(api.objects.size).toBe(stored);
    expect(
      applies()
        .slice(objects.length)
        .map((r) => r.body),
    ).toEqual(sent.map((r) => r.body));
  });

  it('recreates the setup Job when its immutable template changed', async () => {
    await driver.apply(spec);
    api.requests.length = 0;
    const moved = makeSpec({ template: 'wordpress', variant: tls, domain: 'nouveau.exemple.sn' });
    await driver.apply(moved);
    const jobPath = `${PATHS.Job}/${spec.setup!.name}`;
    const jobCalls = api.requests
      .filter((r) => r.path === jobPath && r.method !== 'GET')
      .map((r) => `${r.method} ${r.query.get('propagationPolicy') ?? ''}`);
    expect(jobCalls).toEqual(['PATCH ', 'DELETE Background', 'PATCH ']);
    const job = api.objects.get(jobPath)!;
    expect(JSON.stringify(job)).toContain('https://nouveau.exemple.sn');
  });

  it('scale merges spec.replicas into the Deployment', async () => {
    await driver.apply(spec);
    await driver.scale(refOf(spec), 4);
    const last = api.writes().at(-1)!;
    expect(last.method).toBe('PATCH');
    expect(last.path).toBe(`${PATHS.Deployment}/${spec.name}`);
    expect(last.contentType).toBe('application/merge-patch+json');
    expect(JSON.parse(last.body)).toEqual({ spec: { replicas: 4 } });
    expect((api.objects.get(last.path)!.spec as { replicas: number }).replicas).toBe(4);
    await expect(driver.scale(refOf(spec), -1)).rejects.toBeInstanceOf(RuntimeRejectedError);
  });

  it('scale of an application that does not exist is refused with the API message', async () => {
    await expect(driver.scale(refOf(spec), 2)).rejects.toThrow(/not found/);
    await expect(driver.scale(refOf(spec), 2)).rejects.toBeInstanceOf(RuntimeRejectedError);
  });

  it('restart sets the restartedAt annotation of the pod template to now', async () => {
    await driver.apply(spec);
    const before = Date.now();
    await driver.restart(refOf(spec));
    const last = api.writes().at(-1)!;
    expect(last.path).toBe(`${PATHS.Deployment}/${spec.name}`);
    expect(last.contentType).toBe('application/merge-patch+json');
    const at = JSON.parse(last.body).spec.template.metadata.annotations[
      'kubectl.kubernetes.io/restartedAt'
    ] as string;
    expect(new Date(at).toISOString()).toBe(at);
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at)).toBeLessThanOrEqual(Date.now());
    // The rest of the Deployment is untouched by the merge.
    expect(JSON.stringify(api.objects.get(last.path))).toContain(spec.app.image);
  });

  it('remove deletes every object of the application by label selector, and only those', async () => {
    const other = makeSpec({
      template: 'odoo',
      deploymentId: '99999999-8888-4777-8666-555555555555',
    });
    await driver.apply(spec);
    await driver.apply(other);
    api.requests.length = 0;
    await driver.remove(refOf(spec));
    // Watched kinds come from memory; the autoscaler, scheduled tasks' CronJobs, Services, a
    // database's public NetworkPolicy, claims and Secrets are listed by selector.
    const lists = api.requests.filter((r) => r.method === 'GET' && r.query.get('watch') !== 'true');
    expect(lists.map((r) => r.path)).toEqual([
      PATHS.HorizontalPodAutoscaler,
      PATHS.CronJob,
      PATHS.Service,
      `/apis/networking.k8s.io/v1/namespaces/${spec.namespace}/networkpolicies`,
      PATHS.PersistentVolumeClaim,
      PATHS.Secret,
    ]);
    for (const list of lists) expect(list.query.get('labelSelector')).toBe(selector);
    const deletes = api.requests.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(renderApplication(spec, TEST_RENDER).length);
    for (const d of deletes) expect(d.query.get('propagationPolicy')).toBe('Background');
    expect([...api.objects.keys()].some((p) => p.includes(spec.name))).toBe(false);
    expect([...api.objects.keys()].filter((p) => p.includes(other.name))).toHaveLength(
      renderApplication(other, TEST_RENDER).length,
    );
    // Already gone: nothing listed, nothing to fail on; a 404 on delete is also fine.
    await driver.remove(refOf(spec));
    await driver.apply(spec);
    api.intercept = (r) =>
      r.method === 'DELETE'
        ? { status: 404, body: statusBody(404, 'NotFound', 'gone') }
        : undefined;
    await expect(driver.remove(refOf(spec))).resolves.toBeUndefined();
  });

  it('removeEnvironment deletes the namespace it created, and never another', async () => {
    api.remove(`/api/v1/namespaces/${ns}`);
    await driver.removeEnvironment(makeEnvironment());
    expect(api.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await driver.ensureEnvironment(makeEnvironment());
    await driver.removeEnvironment(makeEnvironment());
    const del = api.requests.at(-1)!;
    expect([del.method, del.path, del.query.get('propagationPolicy')]).toEqual([
      'DELETE',
      `/api/v1/namespaces/${ns}`,
      'Background',
    ]);
    api.put('/api/v1/namespaces/default', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'default' },
    });
    await expect(driver.removeEnvironment(makeEnvironment('default'))).rejects.toBeInstanceOf(
      RuntimeRejectedError,
    );
    expect(api.objects.has('/api/v1/namespaces/default')).toBe(true);
  });
});

describe('KubernetesDriver errors', () => {
  it('a refusal (422) is a RuntimeRejectedError carrying the API message', async () => {
    const message =
      'Deployment.apps "x" is invalid: spec.template.spec.containers[0].image: Required value';
    api.intercept = (r) =>
      r.path.includes('/deployments/')
        ? { status: 422, body: statusBody(422, 'Invalid', message) }
        : undefined;
    const error = await driver.apply(spec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeRejectedError);
    expect((error as Error).message).toBe(message);
  });

  it('a 5xx is a RuntimeUnavailableError', async () => {
    api.intercept = () => ({
      status: 503,
      body: statusBody(503, 'ServiceUnavailable', 'etcd leader changed'),
    });
    await expect(driver.apply(spec)).rejects.toBeInstanceOf(RuntimeUnavailableError);
    await expect(driver.status(refOf(spec))).rejects.toThrow(/etcd leader changed/);
  });

  it('a closed server or a silent one is a RuntimeUnavailableError', async () => {
    const slow = await startFakeCluster({ timeoutMs: 300 });
    slow.api.intercept = () => 'hang';
    await expect(slow.driver.status(refOf(spec))).rejects.toBeInstanceOf(RuntimeUnavailableError);
    await slow.driver.close();
    await slow.api.close();
    await driver.close();
    await api.close();
    await expect(driver.apply(spec)).rejects.toBeInstanceOf(RuntimeUnavailableError);
    await expect(driver.ensureEnvironment(makeEnvironment())).rejects.toThrow(/ECONNREFUSED/);
    ({ api, driver } = await startFakeCluster());
    seedNamespace(api, ns);
  });

  it('a spec no cluster would accept is refused before any call', async () => {
    const hostile = makeSpec({
      template: 'wordpress',
      variant: tls,
      domain: 'evil.example\n---\nkind: Secret',
    });
    await expect(driver.apply(hostile)).rejects.toBeInstanceOf(RuntimeRejectedError);
    await expect(driver.remove({ ...refOf(spec), deploymentId: '' })).rejects.toBeInstanceOf(
      RuntimeRejectedError,
    );
    await expect(
      driver.remove({ ...refOf(spec), deploymentId: 'x,app.kubernetes.io/managed-by!=y' }),
    ).rejects.toBeInstanceOf(RuntimeRejectedError);
    expect(api.requests).toEqual([]);
  });

  it('Kubernetes refuses to start without APPS_DOMAIN (no application would get an address)', async () => {
    expect(
      () =>
        new KubernetesDriver({
          connection: { kind: 'server', server: 'http://127.0.0.1:9' },
          render: {},
        }),
    ).toThrow(/APPS_DOMAIN/);
  });
});
