import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDatabaseServiceSpec } from '../../templates/database-service-spec';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import {
  eventually,
  readyStatus,
  refOf,
  seedNamespace,
  seedPod,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';
import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';

/** A database of an environment (issue 25) applied by the Kubernetes driver to the strict fake. */
const NAMESPACE = 'env-boutique-prod-a1b2c3';
const PASSWORD = 'Mot2PasseDeLaBaseQuiNeSortJamais';
const spec = (
  engine: DatabaseServiceEngine,
  revision = 0,
  stopped = false,
  image = engine === 'redis' ? 'docker.io/library/redis:7' : `docker.io/library/postgres:16`,
) =>
  buildDatabaseServiceSpec({
    deployment: {
      id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      projectId: '11111111-2222-4333-8444-555555555555',
      environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      runtimeName: 'db-7f1c2d3e4a5b',
      hostLabel: 'db-7f1c2d3e4a5b4c6d8e9f0a1b2c3d4e5f',
      generation: 1,
      cpuMilli: 500,
      ramMb: 1000,
      storageMb: 5000,
    },
    engine,
    image,
    host: 'clients',
    namespace: NAMESPACE,
    secrets: { adminPassword: 'inutilise', dbPassword: PASSWORD, dbRootPassword: 'RacineSecrete' },
    passwordRevision: revision,
    restartRevision: 0,
    stopped,
  });

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster());
  seedNamespace(api, NAMESPACE);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

const kindsIn = () =>
  [...api.objects.keys()]
    .filter((p) => p.includes(`/namespaces/${NAMESPACE}/`) && !/\/(pods|rolebindings)\//.test(p))
    .map((p) => p.split('/').slice(-2).join('/'))
    .sort();

interface StoredStatefulSet {
  spec: {
    replicas: number;
    template: {
      spec: {
        containers: {
          image: string;
          args?: string[];
          env: { name: string; value?: string; valueFrom?: unknown }[];
          resources: { limits: Record<string, string> };
          securityContext: { allowPrivilegeEscalation: boolean; capabilities: { drop: string[] } };
        }[];
      };
    };
  };
}

describe('KubernetesDriver with a database of an environment', () => {
  it('applies a claim, a Service named after its host and a StatefulSet: no Deployment, no Ingress', async () => {
    const s = spec('postgresql');
    await driver.apply(s);
    expect(kindsIn()).toEqual([
      `jobs/${s.name}-setup`,
      `persistentvolumeclaims/${s.database!.volume.claimName}`,
      `secrets/${s.secretName}`,
      'services/clients',
      `statefulsets/${s.database!.name}`,
    ]);
    const sts = api.objects.get(
      `/apis/apps/v1/namespaces/${NAMESPACE}/statefulsets/${s.database!.name}`,
    ) as unknown as StoredStatefulSet;
    expect(sts.spec.replicas).toBe(1);
    const [c] = sts.spec.template.spec.containers;
    expect(c!.image).toBe('docker.io/library/postgres:16');
    expect(c!.resources.limits).toMatchObject({ cpu: '500m' });
    expect(c!.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(c!.securityContext.capabilities.drop).toEqual(['ALL']);
    // The password by reference only: never a literal in the workload.
    expect(JSON.stringify(sts)).not.toContain(PASSWORD);
    const service = api.objects.get(`/api/v1/namespaces/${NAMESPACE}/services/clients`) as {
      spec: { type: string; ports: { port: number }[] };
    };
    expect(service.spec.type).toBe('ClusterIP');
    expect(service.spec.ports[0]!.port).toBe(5432);
  });

  it('runs Redis with its requirepass read from the Secret by the shell, not by Kubernetes', async () => {
    const s = spec('redis');
    await driver.apply(s);
    expect(kindsIn()).not.toContain(`jobs/${s.name}-setup`);
    const sts = api.objects.get(
      `/apis/apps/v1/namespaces/${NAMESPACE}/statefulsets/${s.database!.name}`,
    ) as unknown as StoredStatefulSet;
    const [c] = sts.spec.template.spec.containers;
    // `$$` is Kubernetes' escape of `$`: the shell, not the kubelet, reads the variable.
    expect(c!.args).toEqual([
      'sh',
      '-c',
      'exec docker-entrypoint.sh redis-server --appendonly yes --requirepass "$$REDIS_PASSWORD"',
    ]);
    expect(c!.env.find((e) => e.name === 'REDIS_PASSWORD')?.valueFrom).toEqual({
      secretKeyRef: { name: s.secretName, key: 'db-password' },
    });
  });

  it('is running once its one pod is ready, with no address', async () => {
    const s = spec('postgresql');
    await driver.apply(s);
    api.update(`/apis/apps/v1/namespaces/${NAMESPACE}/statefulsets/${s.database!.name}`, (o) => ({
      ...o,
      status: { replicas: 1, readyReplicas: 1 },
    }));
    seedPod(api, s, 'database', `${s.database!.name}-0`, readyStatus(s.database!.image));
    await eventually(async () => {
      expect(await driver.status(refOf(s))).toMatchObject({
        phase: 'running',
        url: null,
        reason: null,
        images: ['docker.io/library/postgres:16'],
      });
    });
  });

  it('runs the password task again when the password is regenerated', async () => {
    await driver.apply(spec('postgresql'));
    const s = spec('postgresql', 1);
    await driver.apply({ ...s, generation: 2 });
    const job = api.objects.get(`/apis/batch/v1/namespaces/${NAMESPACE}/jobs/${s.name}-setup`) as {
      spec: { template: { spec: { containers: { env: { name: string; value?: string }[] }[] } } };
    };
    expect(job.spec.template.spec.containers[0]!.env).toContainEqual({
      name: 'NUAGE_PASSWORD_REVISION',
      value: '1',
    });
  });

  it('keeps the claim and scales the StatefulSet to 0 when stopped, with no task', async () => {
    await driver.apply(spec('postgresql'));
    const s = spec('postgresql', 0, true);
    await driver.apply({ ...s, generation: 2 });
    const sts = api.objects.get(
      `/apis/apps/v1/namespaces/${NAMESPACE}/statefulsets/${s.database!.name}`,
    ) as unknown as StoredStatefulSet;
    expect(sts.spec.replicas).toBe(0);
    expect(kindsIn()).toContain(`persistentvolumeclaims/${s.database!.volume.claimName}`);
    expect(kindsIn()).not.toContain(`jobs/${s.name}-setup`);
    await eventually(async () => {
      expect(await driver.status(refOf(s))).toMatchObject({ phase: 'running', pods: [] });
    });
  });

  it('rolls its pod on the new image of an upgrade within the major, on the same claim', async () => {
    await driver.apply(spec('postgresql', 0, false, 'docker.io/library/postgres:16.2'));
    const claimPath = (s: ReturnType<typeof spec>) =>
      `/api/v1/namespaces/${NAMESPACE}/persistentvolumeclaims/${s.database!.volume.claimName}`;
    const claim = api.objects.get(claimPath(spec('postgresql'))) as { metadata: { uid: string } };
    const s = spec('postgresql', 0, false, 'docker.io/library/postgres:16.4');
    await driver.apply({ ...s, generation: 2 });
    const sts = api.objects.get(
      `/apis/apps/v1/namespaces/${NAMESPACE}/statefulsets/${s.database!.name}`,
    ) as unknown as StoredStatefulSet;
    expect(sts.spec.template.spec.containers[0]!.image).toBe('docker.io/library/postgres:16.4');
    // The same claim object: its data volume is not recreated.
    expect((api.objects.get(claimPath(s)) as { metadata: { uid: string } }).metadata.uid).toBe(
      claim.metadata.uid,
    );
  });
});
