import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabasePublicEndpoint } from '../../spec';
import { buildDatabaseServiceSpec } from '../../templates/database-service-spec';
import { PUBLIC_SERVICES_PER_ENVIRONMENT, renderQuota } from '../../manifests/namespace';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { seedNamespace, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * A database's public endpoint on Kubernetes (issue 25 item 2), on the strict fake API server:
 * the Service of the type the operator allows, the allow-list as the balancer's source ranges
 * and as the NetworkPolicy's ipBlocks, TLS files from the Secret, all gone once turned off.
 */
const NAMESPACE = 'env-boutique-prod-a1b2c3';
const KEY = '-----BEGIN PRIVATE KEY-----\nCLEPRIVEEQUINESORTPAS\n-----END PRIVATE KEY-----\n';
const spec = (
  engine: 'postgresql' | 'redis',
  publicEndpoint: DatabasePublicEndpoint | null,
  generation = 1,
  withTls = true,
) =>
  buildDatabaseServiceSpec({
    deployment: {
      id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      projectId: '11111111-2222-4333-8444-555555555555',
      environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      runtimeName: 'db-7f1c2d3e4a5b',
      hostLabel: 'db-7f1c2d3e4a5b4c6d8e9f0a1b2c3d4e5f',
      generation,
      cpuMilli: 500,
      ramMb: 1000,
      storageMb: 5000,
    },
    engine,
    image: engine === 'redis' ? 'docker.io/library/redis:7' : 'docker.io/library/postgres:16',
    host: 'clients',
    namespace: NAMESPACE,
    secrets: {
      adminPassword: 'inutilise',
      dbPassword: 'MotDePasse',
      dbRootPassword: 'Racine',
      ...(withTls ? { databaseTls: { key: KEY, cert: 'CERT', ca: 'CA' } } : {}),
    },
    passwordRevision: 0,
    restartRevision: 0,
    stopped: false,
    publicEndpoint,
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

interface StoredService {
  spec: {
    type: string;
    externalTrafficPolicy?: string;
    loadBalancerSourceRanges?: string[];
    selector: Record<string, string>;
    ports: { port: number; targetPort: number; nodePort?: number }[];
  };
}
interface StoredPolicy {
  spec: {
    podSelector: { matchLabels: Record<string, string> };
    ingress: { from: { ipBlock: { cidr: string } }[]; ports: { port: number }[] }[];
  };
}
const servicePath = `/api/v1/namespaces/${NAMESPACE}/services/clients-public`;
const policyPath = `/apis/networking.k8s.io/v1/namespaces/${NAMESPACE}/networkpolicies/clients-public`;
const sources = ['203.0.113.7/32', '2001:db8::/32'];

describe('a database’s public endpoint on Kubernetes', () => {
  it('LoadBalancer: the allow-list as source ranges and ipBlocks, TLS files from the Secret', async () => {
    const s = spec('postgresql', {
      port: 20001,
      sources,
      address: null,
      serviceType: 'LoadBalancer',
      targetPort: 5432,
    });
    await driver.apply(s);
    const service = api.objects.get(servicePath) as unknown as StoredService;
    expect(service.spec).toMatchObject({
      type: 'LoadBalancer',
      externalTrafficPolicy: 'Local',
      loadBalancerSourceRanges: sources,
      ports: [{ port: 20001, targetPort: 5432 }],
    });
    // The database's pod, not an application's.
    expect(service.spec.selector).toMatchObject({ 'app.kubernetes.io/component': 'database' });
    const policy = api.objects.get(policyPath) as unknown as StoredPolicy;
    expect(policy.spec.ingress).toEqual([
      {
        from: sources.map((cidr) => ({ ipBlock: { cidr } })),
        ports: [{ protocol: 'TCP', port: 5432 }],
      },
    ]);
    // TLS: the server's files from the Secret, the key never in the workload.
    const sts = api.objects.get(
      `/apis/apps/v1/namespaces/${NAMESPACE}/statefulsets/${s.database!.name}`,
    );
    const text = JSON.stringify(sts);
    expect(text).toContain('/etc/nuage-tls/tls.key');
    expect(text).toContain('ssl=on');
    expect(text).not.toContain('CLEPRIVEE');
    const secret = api.objects.get(`/api/v1/namespaces/${NAMESPACE}/secrets/${s.secretName}`) as {
      data: Record<string, string>;
    };
    expect(Buffer.from(secret.data['tls-key']!, 'base64').toString()).toBe(KEY);
  });

  // Without TLS material here: the fake merges list items by `name` where Kubernetes merges
  // volumeMounts by `mountPath`, so the three TLS files (one volume, three subPaths) going away
  // in one apply is beyond it (a real API server takes it).
  it('is removed when turned off: its Service and NetworkPolicy pruned, the internal Service kept', async () => {
    const on = {
      port: 20001,
      sources,
      address: null,
      serviceType: 'LoadBalancer' as const,
      targetPort: 5432,
    };
    await driver.apply(spec('postgresql', on, 1, false));
    expect(api.objects.has(servicePath)).toBe(true);
    expect(api.objects.has(policyPath)).toBe(true);
    await driver.apply(spec('postgresql', null, 2, false));
    expect(api.objects.has(servicePath)).toBe(false);
    expect(api.objects.has(policyPath)).toBe(false);
    expect(api.objects.has(`/api/v1/namespaces/${NAMESPACE}/services/clients`)).toBe(true);
  });

  it('NodePort: the allocated port as node port, Local traffic policy; Redis reached on its TLS port', async () => {
    await driver.apply(
      spec('redis', {
        port: 30007,
        sources: ['198.51.100.0/24'],
        address: null,
        serviceType: 'NodePort',
        targetPort: 6380,
      }),
    );
    const service = api.objects.get(servicePath) as unknown as StoredService;
    expect(service.spec).toMatchObject({
      type: 'NodePort',
      externalTrafficPolicy: 'Local',
      ports: [{ port: 6380, targetPort: 6380, nodePort: 30007 }],
    });
    expect(service.spec.loadBalancerSourceRanges).toBeUndefined();
    const policy = api.objects.get(policyPath) as unknown as StoredPolicy;
    expect(policy.spec.ingress[0]!.from).toEqual([{ ipBlock: { cidr: '198.51.100.0/24' } }]);
    expect(policy.spec.ingress[0]!.ports).toEqual([{ protocol: 'TCP', port: 6380 }]);
  });

  it('renders nothing public when the operator allows no Service (docker’s address only)', async () => {
    await driver.apply(
      spec('postgresql', {
        port: 20001,
        sources,
        address: '203.0.113.10',
        serviceType: null,
        targetPort: 5432,
      }),
    );
    expect(api.objects.has(servicePath)).toBe(false);
    expect(api.objects.has(policyPath)).toBe(false);
  });

  it('the namespaces’ quotas make room for them only when the operator allows a type', () => {
    const hard = (type?: 'LoadBalancer' | 'NodePort') => {
      const q = renderQuota(NAMESPACE, {}, { cpuMilli: 1000, ramMb: 1000, storageMb: 1000 }, type);
      const h = q.spec!.hard as Record<string, string>;
      return [h['services.loadbalancers'], h['services.nodeports']];
    };
    const n = String(PUBLIC_SERVICES_PER_ENVIRONMENT);
    expect(hard()).toEqual(['0', '0']);
    // A LoadBalancer Service takes node ports too.
    expect(hard('LoadBalancer')).toEqual([n, n]);
    expect(hard('NodePort')).toEqual(['0', n]);
  });
});
