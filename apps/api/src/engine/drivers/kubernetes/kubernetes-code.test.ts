import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApplication } from '../../manifests/application';
import { buildCodeApplicationSpec } from '../../templates/code-spec';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import {
  seedNamespace,
  startFakeCluster,
  TEST_RENDER,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/** A code application (issue 13) applied by the Kubernetes driver to the strict fake API server. */
const registryPull = { server: 'registry.exemple.sn', username: 'nuage', password: 'mdp' };
const spec = (image: string) =>
  buildCodeApplicationSpec({
    deployment: {
      id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      projectId: '11111111-2222-4333-8444-555555555555',
      environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      nom: 'API',
      runtimeName: 'nodejs-api-6f1c2d',
      hostLabel: 'api-prod-boutique',
      image,
      port: 8080,
      cpuMilli: 500,
      ramMb: 500,
      storageMb: 1000,
      replicas: 1,
      domain: null,
      generation: 1,
    },
    envVars: [{ name: 'API_KEY', value: 'cle', secret: true }],
    namespace: 'env-boutique-prod-a1b2c3',
    certificate: null,
  });

let api: FakeKubeApi;
let driver: KubernetesDriver;
beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ render: { registryPull } }));
  seedNamespace(api, 'env-boutique-prod-a1b2c3');
  api.requests.length = 0;
});
afterEach(async () => {
  await driver.close();
  await api.close();
});

describe('KubernetesDriver with a code application', () => {
  it('applies its objects (strict schemas) and a new release changes only the image', async () => {
    const first = spec('registry.exemple.sn/nuage-builds/6f1c2d3e:build-1');
    await driver.apply(first);
    const objects = renderApplication(first, { ...TEST_RENDER, registryPull });
    const patched = api.requests.filter((r) => r.method === 'PATCH');
    expect(patched.map((r) => (JSON.parse(r.body) as { kind: string }).kind)).toEqual(
      objects.map((o) => o.kind),
    );
    const path = `/apis/apps/v1/namespaces/${first.namespace}/deployments/${first.name}`;
    const stored = api.objects.get(path) as {
      spec: { template: { spec: { imagePullSecrets: unknown; containers: { image: string }[] } } };
    };
    expect(stored.spec.template.spec.imagePullSecrets).toEqual([
      { name: `${first.name}-registry` },
    ]);

    await driver.apply(spec('registry.exemple.sn/nuage-builds/6f1c2d3e:build-2'));
    const updated = api.objects.get(path) as typeof stored;
    expect(updated.spec.template.spec.containers[0]!.image).toBe(
      'registry.exemple.sn/nuage-builds/6f1c2d3e:build-2',
    );
  });
});
