import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildImageApplicationSpec } from '../../templates/image-spec';
import type { RegistryCredentials } from '../../spec';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { seedNamespace, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/** Any image (issue 30) applied by the Kubernetes driver to the strict fake API server. */
const NAMESPACE = 'env-boutique-prod-a1b2c3';
const platformRegistry = { server: 'registry.nuage.sn', username: 'nuage', password: 'plateforme' };
const spec = (credentials: RegistryCredentials | null, imageDigest: string | null = null) =>
  buildImageApplicationSpec({
    deployment: {
      id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      projectId: '11111111-2222-4333-8444-555555555555',
      environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      nom: 'API',
      runtimeName: 'image-api-7f1c2d',
      hostLabel: 'api-prod-boutique',
      image: 'ghcr.io/acme/node-api:1.4',
      imageDigest,
      port: 3000,
      cpuMilli: 500,
      ramMb: 500,
      storageMb: 1000,
      replicas: 2,
      domain: null,
      generation: 1,
    },
    envVars: [{ name: 'API_KEY', value: 'cle $(HOME)', secret: true }],
    namespace: NAMESPACE,
    certificate: null,
    image: {
      command: ['node', 'server.js', '--port=$(PORT)'],
      healthPath: '/healthz',
      dataPath: '/var/lib/api',
      credentials,
    },
  });

interface StoredDeployment {
  metadata: { labels: Record<string, string> };
  spec: {
    template: {
      spec: {
        imagePullSecrets?: { name: string }[];
        hostNetwork?: boolean;
        volumes: { name: string; hostPath?: unknown }[];
        containers: {
          image: string;
          imagePullPolicy?: string;
          args?: string[];
          readinessProbe: { httpGet?: { path: string; port: number } };
          volumeMounts: { mountPath: string }[];
          securityContext: { privileged?: boolean; allowPrivilegeEscalation: boolean };
        }[];
      };
    };
  };
}

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ render: { registryPull: platformRegistry } }));
  seedNamespace(api, NAMESPACE);
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

const deploymentPath = (name: string) =>
  `/apis/apps/v1/namespaces/${NAMESPACE}/deployments/${name}`;
const secretPath = (name: string) => `/api/v1/namespaces/${NAMESPACE}/secrets/${name}-registry`;

describe('KubernetesDriver with any image', () => {
  it('pulls a private image with a dockerconfigjson Secret of the project’s credentials, always', async () => {
    const s = spec({ registry: 'ghcr.io', username: 'acme-bot', password: 'ghp_secret' });
    await driver.apply(s);
    const stored = api.objects.get(deploymentPath(s.name)) as unknown as StoredDeployment;
    const pod = stored.spec.template.spec;
    expect(pod.imagePullSecrets).toEqual([{ name: `${s.name}-registry` }]);
    expect(pod.hostNetwork).toBeUndefined();
    expect(pod.volumes.some((v) => v.hostPath !== undefined)).toBe(false);
    const [container] = pod.containers;
    expect(container!.image).toBe('ghcr.io/acme/node-api:1.4');
    expect(container!.imagePullPolicy).toBe('Always');
    // Kubernetes would expand $(PORT): the command stays the user's literal text.
    expect(container!.args).toEqual(['node', 'server.js', '--port=$$(PORT)']);
    expect(container!.readinessProbe.httpGet).toEqual({ path: '/healthz', port: 3000 });
    expect(container!.volumeMounts[0]!.mountPath).toBe('/var/lib/api');
    expect(container!.securityContext.privileged).toBeUndefined();
    expect(container!.securityContext.allowPrivilegeEscalation).toBe(false);
    expect(stored.metadata.labels['app.kubernetes.io/name']).toBe('node');

    const secret = api.objects.get(secretPath(s.name)) as {
      type: string;
      data: Record<string, string>;
    };
    expect(secret.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(Buffer.from(secret.data['.dockerconfigjson']!, 'base64').toString());
    expect(config).toEqual({
      auths: {
        'ghcr.io': {
          username: 'acme-bot',
          password: 'ghp_secret',
          auth: Buffer.from('acme-bot:ghp_secret').toString('base64'),
        },
      },
    });
  });

  it('pulls a public image anonymously: never with the platform registry’s credentials', async () => {
    const s = spec(null);
    await driver.apply(s);
    const stored = api.objects.get(deploymentPath(s.name)) as unknown as StoredDeployment;
    expect(stored.spec.template.spec.imagePullSecrets).toBeUndefined();
    expect(api.objects.get(secretPath(s.name))).toBeUndefined();
  });

  it('runs the digest a new version of the tag was pinned to, with the registry’s credentials', async () => {
    const digest = `sha256:${'e'.repeat(64)}`;
    const s = spec({ registry: 'ghcr.io', username: 'acme-bot', password: 'ghp_secret' }, digest);
    await driver.apply(s);
    const stored = api.objects.get(deploymentPath(s.name)) as unknown as StoredDeployment;
    const [container] = stored.spec.template.spec.containers;
    expect(container!.image).toBe(`ghcr.io/acme/node-api@${digest}`);
    expect(stored.spec.template.spec.imagePullSecrets).toEqual([{ name: `${s.name}-registry` }]);
    // A type label still from the image's name.
    expect(stored.metadata.labels['app.kubernetes.io/name']).toBe('node');
  });
});
