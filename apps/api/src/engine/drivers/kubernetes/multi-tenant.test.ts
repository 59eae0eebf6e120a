import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saasTemplateIds } from '@nuage/shared/catalog';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import {
  TEST_RENDER,
  eventually,
  readyStatus,
  refOf,
  seedPod,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import { renderApplication } from '../../manifests/application';
import {
  VARIANTS,
  makeEnvironment,
  makeSpec,
} from '../../../../test/engine/manifests/test-fixtures';
import type { Quantities } from '../../quota/quota-shares';
import type { ApplicationSpec, EnvironmentSpec } from '../../spec';
import type { KubernetesDriver } from './kubernetes-driver';
import { cpuMilli, ramMb } from './quantities';

let api: FakeKubeApi;
let driver: KubernetesDriver;
// A 10 ms rollout poll: each apply waits for its rollout, which the fake API completes at once.
beforeEach(async () => ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10 } })));
afterEach(async () => {
  await driver.close();
  await api.close();
});

type Json = Record<string, unknown>;
const inNamespace = (namespace: string) =>
  [...api.objects.values()].filter((o) => (o.metadata as Json).namespace === namespace);
const zero: Quantities = { cpuMilli: 0, ramMb: 0, storageMb: 0 };

describe('a tenant namespace on the strict fake API server', () => {
  it('holds the NetworkPolicies, the LimitRange, the binding and its quota', async () => {
    const env = makeEnvironment();
    await driver.ensureEnvironment(env);
    await driver.distributeQuota({
      projectId: env.projectId,
      quota: env.quota,
      environments: [{ environment: env, reserved: zero }],
    });
    const kinds = inNamespace(env.namespace).map(
      (o) => `${o.kind as string}/${(o.metadata as Json).name as string}`,
    );
    expect(kinds.sort()).toEqual([
      'LimitRange/nuagedeploy-limits',
      'NetworkPolicy/nuagedeploy-allow',
      'NetworkPolicy/nuagedeploy-default-deny',
      'ResourceQuota/nuagedeploy-quota',
      'RoleBinding/nuagedeploy-tenant',
    ]);
    const ns = api.objects.get(`/api/v1/namespaces/${env.namespace}`)!;
    expect((ns.metadata as Json).labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'baseline',
      'pod-security.kubernetes.io/warn': 'restricted',
    });
    // The platform's field manager owns what it applied.
    const managers = ((ns.metadata as Json).managedFields as Json[]).map((m) => m.manager);
    expect(managers).toEqual(['nuagedeploy']);
  });

  it('every template and variant applies through strict field validation, and its pods start hardened', async () => {
    for (const template of saasTemplateIds) {
      for (const [i, variant] of VARIANTS.entries()) {
        const spec = makeSpec({
          template,
          variant,
          // Distinct applications: the cluster's admission refuses a host two Ingresses define.
          domain: variant.domain ? `${template}-${variant.domain}` : null,
          deploymentId: `${String(i).padStart(8, '0')}-8888-4777-8666-${template.padEnd(12, '0').slice(0, 12)}`,
        });
        await driver.ensureEnvironment(makeEnvironment());
        await expect(driver.apply(spec)).resolves.toEqual({ preparations: [] });
      }
    }
    expect(
      api.requests
        .filter((r) => r.method === 'PATCH')
        .every((r) => r.query.get('fieldValidation') === 'Strict'),
    ).toBe(true);
    // 63 applies (each checked against the quota first): 20 to 30 s on a loaded 2-core machine.
  }, 90_000);

  it('an unknown field is refused (fieldValidation=Strict), naming it', async () => {
    const spec = makeSpec({ template: 'wordpress' });
    await driver.ensureEnvironment(makeEnvironment());
    const deployment = renderApplication(spec, TEST_RENDER).find((o) => o.kind === 'Deployment')!;
    const withTypo = JSON.parse(JSON.stringify(deployment)) as Json;
    (
      (withTypo.spec as Json).template as { spec: { containers: Json[] } }
    ).spec.containers[0]!.securityContxt = {};
    const send = (body: unknown, strict: boolean) =>
      fetch(
        `${api.url}/apis/apps/v1/namespaces/${spec.namespace}/deployments/${spec.name}?fieldManager=nuagedeploy${strict ? '&fieldValidation=Strict' : ''}`,
        {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/apply-patch+yaml' },
          body: JSON.stringify(body),
        },
      );
    const refused = await send(withTypo, true);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).message).toContain(
      'unknown field "spec.template.spec.containers[0].securityContxt"',
    );
    expect((await send(deployment, true)).status).toBe(201);
  });

  it('another field manager changing a platform field conflicts (409) unless forced; the platform takes it back', async () => {
    const spec = makeSpec({ template: 'wordpress' });
    await driver.ensureEnvironment(makeEnvironment());
    await driver.apply(spec);
    const path = `/apis/apps/v1/namespaces/${spec.namespace}/deployments/${spec.name}`;
    const patch = (force: boolean) =>
      fetch(`${api.url}${path}?fieldManager=kubectl${force ? '&force=true' : ''}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/apply-patch+yaml' },
        body: JSON.stringify({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: spec.name, namespace: spec.namespace },
          spec: { replicas: 7 },
        }),
      });
    const conflict = await patch(false);
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as Json).message).toContain(
      'conflict with "nuagedeploy": .spec.replicas',
    );
    expect((await patch(true)).status).toBe(200);
    expect((api.objects.get(path)!.spec as Json).replicas).toBe(7);
    await driver.apply(spec);
    expect((api.objects.get(path)!.spec as Json).replicas).toBe(spec.replicas);
  });
});

describe('pruning', () => {
  it('removing a domain deletes its Ingress and TLS Secret; the platform host stays', async () => {
    const tls = VARIANTS.find((v) => v.tls)!;
    const withDomain = makeSpec({ template: 'wordpress', variant: tls });
    await driver.ensureEnvironment(makeEnvironment());
    await driver.apply(withDomain);
    const names = () =>
      inNamespace(withDomain.namespace)
        .filter(
          (o) => o.kind === 'Ingress' || (o.kind === 'Secret' && o.type === 'kubernetes.io/tls'),
        )
        .map((o) => `${o.kind as string}/${(o.metadata as Json).name as string}`)
        .sort();
    expect(names()).toEqual([
      `Ingress/${withDomain.name}`,
      `Ingress/${withDomain.name}-domain`,
      `Secret/${withDomain.name}-tls`,
    ]);
    const withoutDomain = makeSpec({
      template: 'wordpress',
      variant: { ...tls, domain: null, tls: false },
    });
    await driver.apply(withoutDomain);
    expect(names()).toEqual([`Ingress/${withDomain.name}`]);
    const deletes = api.requests
      .filter((r) => r.method === 'DELETE' && !r.path.includes('/jobs/'))
      .map((r) => r.path.split('/').slice(-2).join('/'));
    expect(deletes.sort()).toEqual([
      `ingresses/${withDomain.name}-domain`,
      `secrets/${withDomain.name}-tls`,
    ]);
  });

  it('cert-manager issues a domain without stored certificate through the Ingress annotation, in its namespace', async () => {
    const issuing = await startFakeCluster({
      render: { clusterIssuer: 'letsencrypt', appsDomainTls: 'cert-manager' },
    });
    try {
      const spec = makeSpec({ template: 'joomla', domain: 'site.exemple.sn' });
      await issuing.driver.ensureEnvironment(makeEnvironment());
      await issuing.driver.apply(spec);
      const ingresses = [...issuing.api.objects.values()].filter((o) => o.kind === 'Ingress');
      for (const ingress of ingresses) {
        expect((ingress.metadata as Json).namespace).toBe(spec.namespace);
        expect(
          ((ingress.metadata as Json).annotations as Json)['cert-manager.io/cluster-issuer'],
        ).toBe('letsencrypt');
        expect(((ingress.spec as Json).tls as Json[])[0]!.secretName).toMatch(/-tls$/);
      }
      expect(ingresses).toHaveLength(2);
    } finally {
      await issuing.driver.close();
      await issuing.api.close();
    }
  });
});

describe('quota distribution', () => {
  const project = { cpuMilli: 4000, ramMb: 8000, storageMb: 100_000 };
  const envs: EnvironmentSpec[] = ['dev', 'recette', 'prod'].map((name) => ({
    ...makeEnvironment(`env-boutique-${name}-a1b2c3`),
    quota: project,
  }));

  it('keeps the sum of the namespaces’ quotas within the project quota at every instant', async () => {
    const sums: Quantities[] = [];
    const quotaOf = (o: Json): Quantities => {
      const hard = (o.spec as { hard: Record<string, string> }).hard;
      return {
        cpuMilli: cpuMilli(hard['limits.cpu']),
        ramMb: ramMb(hard['limits.memory']),
        storageMb: ramMb(hard['requests.storage']),
      };
    };
    api.onChange = () => {
      const quotas = [...api.objects.values()]
        .filter((o) => o.kind === 'ResourceQuota')
        .map(quotaOf);
      sums.push(
        quotas.reduce(
          (s, q) => ({
            cpuMilli: s.cpuMilli + q.cpuMilli,
            ramMb: s.ramMb + q.ramMb,
            storageMb: s.storageMb + q.storageMb,
          }),
          zero,
        ),
      );
    };
    for (const env of envs) await driver.ensureEnvironment(env);
    // Deploys, a scale up, a move of resources to another environment, deletes.
    const steps: Quantities[][] = [
      [zero, zero, zero],
      [{ cpuMilli: 1000, ramMb: 2000, storageMb: 20_000 }, zero, zero],
      [
        { cpuMilli: 1000, ramMb: 2000, storageMb: 20_000 },
        zero,
        { cpuMilli: 2000, ramMb: 2000, storageMb: 40_000 },
      ],
      [
        { cpuMilli: 1000, ramMb: 2000, storageMb: 20_000 },
        zero,
        { cpuMilli: 3000, ramMb: 6000, storageMb: 40_000 },
      ],
      [
        zero,
        { cpuMilli: 500, ramMb: 1000, storageMb: 10_000 },
        { cpuMilli: 3000, ramMb: 6000, storageMb: 40_000 },
      ],
      [zero, zero, { cpuMilli: 100, ramMb: 500, storageMb: 1000 }],
      [zero, zero, zero],
    ];
    for (const reserved of steps) {
      await driver.distributeQuota({
        projectId: envs[0]!.projectId,
        quota: project,
        environments: envs.map((environment, i) => ({ environment, reserved: reserved[i]! })),
      });
      // Each environment can run what it reserves.
      envs.forEach((env, i) => {
        const q = quotaOf(
          api.objects.get(`/api/v1/namespaces/${env.namespace}/resourcequotas/nuagedeploy-quota`)!,
        );
        expect(q.cpuMilli).toBeGreaterThanOrEqual(reserved[i]!.cpuMilli);
        expect(q.ramMb).toBeGreaterThanOrEqual(reserved[i]!.ramMb);
      });
    }
    expect(sums.length).toBeGreaterThan(steps.length);
    for (const sum of sums) {
      expect(sum.cpuMilli).toBeLessThanOrEqual(project.cpuMilli);
      expect(sum.ramMb).toBeLessThanOrEqual(project.ramMb);
      expect(sum.storageMb).toBeLessThanOrEqual(project.storageMb);
    }
  });
});

describe('watches instead of polling', () => {
  const NAMESPACES = 5;
  const PER_NAMESPACE = 10;

  it(`${NAMESPACES * PER_NAMESPACE} applications converge with one watch per kind and namespace, status without requests`, async () => {
    const specs: ApplicationSpec[] = [];
    for (let n = 0; n < NAMESPACES; n++) {
      const env = makeEnvironment(`env-charge-${n}-a1b2c3`);
      await driver.ensureEnvironment(env);
      for (let a = 0; a < PER_NAMESPACE; a++) {
        const hex = (n * 100 + a).toString(16).padStart(6, '0');
        specs.push(
          makeSpec({
            template: 'wordpress',
            namespace: env.namespace,
            deploymentId: `${hex}00-8888-4777-8666-555555555555`,
          }),
        );
      }
    }
    for (const spec of specs) await driver.apply(spec);
    // The cluster's controllers: every workload ready, one pod each.
    for (const spec of specs) {
      api.update(`/apis/apps/v1/namespaces/${spec.namespace}/deployments/${spec.name}`, (o) => ({
        ...o,
        status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1 },
      }));
      api.update(
        `/apis/apps/v1/namespaces/${spec.namespace}/statefulsets/${spec.database!.name}`,
        (o) => ({ ...o, status: { replicas: 1, readyReplicas: 1 } }),
      );
      seedPod(api, spec, 'app', `${spec.name}-pod`, readyStatus(spec.app.image));
    }
    await eventually(async () => {
      for (const spec of specs) expect((await driver.status(refOf(spec))).phase).toBe('running');
    }, 10_000);
    for (const [collection, peak] of api.peakWatches) expect(peak, collection).toBe(1);
    expect(api.peakWatches.size).toBe(NAMESPACES * 5);
    const before = api.requests.length;
    for (let round = 0; round < 3; round++)
      for (const spec of specs) await driver.status(refOf(spec));
    expect(api.requests.length).toBe(before);
    const counts = api.countsByVerb();
    // One LIST per kind and namespace for the watches, one per apply for the TLS Secrets to prune.
    expect(counts.list).toBe(NAMESPACES * 5 + specs.length);
    expect(counts.watch).toBe(NAMESPACES * 5);
  });

  it('a dropped watch resumes from its resourceVersion without a LIST; an expired one (410) lists again', async () => {
    const spec = makeSpec({ template: 'wordpress' });
    await driver.ensureEnvironment(makeEnvironment());
    await driver.apply(spec);
    await driver.status(refOf(spec));
    const lists = () => api.countsByVerb().list ?? 0;
    const listed = lists();
    api.dropWatches();
    await eventually(() => expect(api.openWatches().size).toBe(5));
    expect(lists()).toBe(listed);
    const deployment = `/apis/apps/v1/namespaces/${spec.namespace}/deployments/${spec.name}`;
    api.update(deployment, (o) => ({
      ...o,
      status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1 },
    }));
    await eventually(async () => expect((await driver.status(refOf(spec))).readyReplicas).toBe(1));
    api.compact();
    api.update(deployment, (o) => ({
      ...o,
      status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 0 },
    }));
    api.compact();
    api.dropWatches();
    // Every kind whose last resourceVersion was compacted away (the Deployment's had seen the latest).
    await eventually(() => expect(lists()).toBeGreaterThanOrEqual(listed + 4));
    await eventually(async () => expect((await driver.status(refOf(spec))).readyReplicas).toBe(0));
  });
});

describe('drift repair', () => {
  it('a platform workload deleted by hand comes back from the watch event; a changed field at the periodic resync', async () => {
    const spec = makeSpec({ template: 'wordpress' });
    await driver.ensureEnvironment(makeEnvironment());
    await driver.apply(spec);
    await driver.status(refOf(spec));
    const path = `/apis/apps/v1/namespaces/${spec.namespace}/deployments/${spec.name}`;
    api.remove(path);
    await eventually(() => expect(api.objects.has(path)).toBe(true), 5000);

    api.update(path, (o) => ({ ...o, spec: { ...(o.spec as Json), replicas: 9 } }));
    await driver.resync();
    expect((api.objects.get(path)!.spec as Json).replicas).toBe(spec.replicas);
  });

  it('neither the resync nor a repair runs the setup again once its Job is gone (ttlSecondsAfterFinished)', async () => {
    const spec = makeSpec({ template: 'wordpress' });
    await driver.ensureEnvironment(makeEnvironment());
    await driver.apply(spec);
    await driver.status(refOf(spec));
    const jobs = [...api.objects.keys()].filter((p) => p.includes('/jobs/'));
    expect(jobs).toHaveLength(1);
    // The setup succeeded an hour ago: the TTL controller deleted its Job.
    api.remove(jobs[0]!);
    await driver.resync();
    const ingress = [...api.objects.keys()].find((p) => p.includes('/ingresses/'))!;
    api.remove(ingress);
    await eventually(() => expect(api.has(ingress)).toBe(true), 5000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...api.objects.keys()].filter((p) => p.includes('/jobs/'))).toEqual([]);
    // A new apply (a changed spec: new generation) still runs it.
    await driver.apply(spec);
    expect([...api.objects.keys()].filter((p) => p.includes('/jobs/'))).toHaveLength(1);
  });
});
