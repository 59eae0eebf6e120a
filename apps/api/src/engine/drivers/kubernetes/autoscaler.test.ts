import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { refOf, seedNamespace, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import { renderApplication } from '../../manifests/application';
import { validateObject } from '../../manifests/validate';
import type { ApplicationSpec } from '../../spec';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * Automatic scaling on Kubernetes (issue 28 item 5): an autoscaling/v2 HorizontalPodAutoscaler
 * of the application's Deployment, applied with its objects (strict apply, validated by the
 * fake API server against the schema), pruned when turned off, deleted with the application.
 */
let api: FakeKubeApi;
let driver: KubernetesDriver;
const plain = makeSpec({ template: 'wordpress' });
const scaled: ApplicationSpec = {
  ...plain,
  autoscaling: { minReplicas: 1, maxReplicas: 4, cpuTargetPercent: 60, memoryTargetPercent: null },
};
const ns = plain.namespace;
const HPAS = `/apis/autoscaling/v2/namespaces/${ns}/horizontalpodautoscalers`;
const hpas = () => [...api.objects.keys()].filter((p) => p.startsWith(`${HPAS}/`));

type HpaJson = {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas: number;
    maxReplicas: number;
    metrics: unknown[];
  };
};

describe('rendering', () => {
  it('renders a valid HPA of the Deployment with the CPU target, and memory when set', () => {
    const withMemory = renderApplication({
      ...scaled,
      autoscaling: { ...scaled.autoscaling!, memoryTargetPercent: 75 },
    });
    const hpa = withMemory.find((o) => o.kind === 'HorizontalPodAutoscaler')!;
    expect(() => validateObject(hpa)).not.toThrow();
    expect(hpa.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: plain.app.name },
      minReplicas: 1,
      maxReplicas: 4,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
        },
        {
          type: 'Resource',
          resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 75 } },
        },
      ],
    });
  });

  it('leaves the replicas to the HPA: the Deployment sets none while scaling is on', () => {
    const replicasOf = (s: ApplicationSpec) =>
      renderApplication(s).find((o) => o.kind === 'Deployment')!.spec as { replicas?: number };
    expect(replicasOf(scaled)).not.toHaveProperty('replicas');
    expect(replicasOf({ ...plain, replicas: 2 }).replicas).toBe(2);
  });

  it('renders none when scaling is off, nor while the application awaits its restore', () => {
    const kinds = (s: ApplicationSpec) => renderApplication(s).map((o) => o.kind);
    expect(kinds(plain)).not.toContain('HorizontalPodAutoscaler');
    expect(kinds({ ...scaled, replicas: 0 })).not.toContain('HorizontalPodAutoscaler');
  });
});

describe('against the strict fake API server', () => {
  beforeEach(async () => {
    ({ api, driver } = await startFakeCluster());
    seedNamespace(api, ns);
  });
  afterEach(async () => {
    await driver.close();
    await api.close();
  });

  it('applies the HPA with the application, prunes it when turned off, deletes it with the application', async () => {
    await driver.apply(scaled);
    expect(hpas()).toHaveLength(1);
    const stored = api.objects.get(hpas()[0]!) as unknown as HpaJson;
    expect(stored.spec).toMatchObject({ minReplicas: 1, maxReplicas: 4 });
    expect(stored.spec.scaleTargetRef.name).toBe(plain.app.name);
    const applies = api.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith(HPAS));
    expect(applies.length).toBeGreaterThan(0);
    expect(applies.every((r) => r.query.get('fieldValidation') === 'Strict')).toBe(true);

    // Turned off: deleted by name. Never set: nothing asked of the API server.
    await driver.apply({ ...plain, autoscaling: null, generation: plain.generation + 1 });
    expect(hpas()).toEqual([]);
    api.requests.length = 0;
    await driver.apply({ ...plain, generation: plain.generation + 2 });
    expect(api.requests.filter((r) => r.path.startsWith(HPAS))).toEqual([]);

    await driver.apply({ ...scaled, generation: plain.generation + 3 });
    expect(hpas()).toHaveLength(1);
    await driver.remove(refOf(scaled));
    expect(hpas()).toEqual([]);
  });

  it('refuses an HPA the schema does not allow, as the API server does', async () => {
    const hpa = renderApplication(scaled).find((o) => o.kind === 'HorizontalPodAutoscaler')!;
    const post = (body: unknown) =>
      fetch(
        `${api.url}${HPAS}/${hpa.metadata.name}?fieldManager=test&force=true&fieldValidation=Strict`,
        {
          method: 'PATCH',
          headers: {
            'content-type': 'application/apply-patch+yaml',
            authorization: 'Bearer jeton',
          },
          body: JSON.stringify(body),
        },
      );
    const unknownField = await post({ ...hpa, spec: { ...hpa.spec, cible: 60 } });
    expect(unknownField.status).toBe(400);
    expect(((await unknownField.json()) as { message: string }).message).toContain(
      'unknown field "spec.cible"',
    );
    const { maxReplicas: _max, ...noMax } = hpa.spec!;
    const missing = await post({ ...hpa, spec: noMax });
    expect(missing.status).toBe(422);
    expect(hpas()).toEqual([]);
    expect((await post(hpa)).status).toBe(201);
  });
});
