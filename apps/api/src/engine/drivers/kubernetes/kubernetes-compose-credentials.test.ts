import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildComposeApplicationSpec } from '../../templates/compose-spec';
import { overrideImages } from '../image-overrides';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { seedNamespace, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * A Compose application's private images on Kubernetes (issue 30 item 2): each service whose
 * image's registry has credentials in the project pulls with an image pull Secret, the others
 * anonymously; applied to the strict fake API server.
 */
const NAMESPACE = 'env-boutique-prod-a1b2c3';
const FILE = `
services:
  web:
    image: ghcr.io/acme/web:2
  worker:
    image: registre.acme.sn:5000/acme/worker:1
  cache:
    image: redis:7
`;

const specWith = (
  registryCredentials: { registry: string; username: string; password: string }[],
  file = FILE,
  builtServices: ReadonlySet<string> = new Set(),
) =>
  buildComposeApplicationSpec({
    deployment: {
      id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      projectId: '11111111-2222-4333-8444-555555555555',
      environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      nom: 'pile',
      runtimeName: 'compose-pile-7f1c2d',
      hostLabel: 'pile-prod-boutique',
      image: 'ghcr.io/acme/web:2',
      port: 8080,
      cpuMilli: 1500,
      ramMb: 1611,
      storageMb: 0,
      replicas: 1,
      domain: null,
      generation: 1,
    },
    namespace: NAMESPACE,
    certificate: null,
    file,
    exposedService: 'web',
    registryCredentials,
    builtServices,
  });

interface PodSpec {
  imagePullSecrets?: { name: string }[];
  containers: { image: string; imagePullPolicy?: string }[];
}
interface Workload {
  spec: { template: { spec: PodSpec } };
}

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

const pod = (name: string) =>
  (
    api.objects.get(
      `/apis/apps/v1/namespaces/${NAMESPACE}/deployments/${name}`,
    ) as unknown as Workload
  ).spec.template.spec;
const registrySecret = () =>
  api.objects.get(`/api/v1/namespaces/${NAMESPACE}/secrets/compose-pile-7f1c2d-registry`) as
    { type: string; data: Record<string, string> } | undefined;

describe('KubernetesDriver with a Compose application’s private images', () => {
  it('gives each service whose registry has the project’s credentials an image pull Secret, with one entry per registry', async () => {
    await driver.apply(
      specWith([
        { registry: 'ghcr.io', username: 'ancien', password: 'ghp_ancien' },
        { registry: 'ghcr.io', username: 'acme-bot', password: 'ghp_secret' },
        { registry: 'registre.acme.sn:5000', username: 'ci', password: 'mot-de-passe' },
        { registry: 'quay.io', username: 'autre', password: 'inutile' },
      ]),
    );
    const web = pod('compose-pile-7f1c2d');
    const worker = pod('compose-pile-7f1c2d-worker');
    const cache = pod('compose-pile-7f1c2d-cache');
    expect(web.imagePullSecrets).toEqual([{ name: 'compose-pile-7f1c2d-registry' }]);
    expect(worker.imagePullSecrets).toEqual([{ name: 'compose-pile-7f1c2d-registry' }]);
    // Docker Hub has none in the project: anonymous, and never with another registry's.
    expect(cache.imagePullSecrets).toBeUndefined();
    for (const p of [web, worker, cache]) expect(p.containers[0]!.imagePullPolicy).toBe('Always');

    const secret = registrySecret()!;
    expect(secret.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(Buffer.from(secret.data['.dockerconfigjson']!, 'base64').toString());
    // The newest credential of a registry (the one replacing an older token); only the
    // registries a service pulls from.
    expect(config).toEqual({
      auths: {
        'ghcr.io': {
          username: 'acme-bot',
          password: 'ghp_secret',
          auth: Buffer.from('acme-bot:ghp_secret').toString('base64'),
        },
        'registre.acme.sn:5000': {
          username: 'ci',
          password: 'mot-de-passe',
          auth: Buffer.from('ci:mot-de-passe').toString('base64'),
        },
      },
    });
  });

  it('pulls anonymously, with no Secret, when the project has no credentials for the services’ registries', async () => {
    await driver.apply(specWith([{ registry: 'quay.io', username: 'autre', password: 'x' }]));
    expect(pod('compose-pile-7f1c2d').imagePullSecrets).toBeUndefined();
    expect(pod('compose-pile-7f1c2d-worker').imagePullSecrets).toBeUndefined();
    expect(registrySecret()).toBeUndefined();
  });

  it('pulls a service the platform built from the repository with the platform registry’s credentials only, never the project’s', async () => {
    await driver.close();
    await api.close();
    const registryPull = {
      server: 'registre.nuage.sn',
      username: 'nuage',
      password: 'mdp-registre',
    };
    ({ api, driver } = await startFakeCluster({ render: { registryPull } }));
    seedNamespace(api, NAMESPACE);
    const built = FILE.replace(
      'ghcr.io/acme/web:2',
      'registre.nuage.sn/nuage-builds/7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f/web:build-4',
    );
    await driver.apply(
      specWith(
        [{ registry: 'registre.nuage.sn', username: 'locataire', password: 'ne-sert-pas' }],
        built,
        new Set(['web']),
      ),
    );
    const web = pod('compose-pile-7f1c2d');
    expect(web.imagePullSecrets).toEqual([{ name: 'compose-pile-7f1c2d-registry' }]);
    // Its tag is the build's, never reused: no pull at each start.
    expect(web.containers[0]!.imagePullPolicy).toBeUndefined();
    expect(pod('compose-pile-7f1c2d-cache').containers[0]!.imagePullPolicy).toBe('Always');
    const config = JSON.parse(
      Buffer.from(registrySecret()!.data['.dockerconfigjson']!, 'base64').toString(),
    ) as { auths: Record<string, { username: string }> };
    expect(config.auths).toEqual({
      'registre.nuage.sn': expect.objectContaining({ username: 'nuage', password: 'mdp-registre' }),
    });
  });

  it('never sends the credentials for an operator’s IMAGE_OVERRIDES copy', async () => {
    const spec = overrideImages(
      specWith([{ registry: 'ghcr.io', username: 'acme-bot', password: 'ghp_secret' }]),
      new Map([['ghcr.io/acme/web:2', 'miroir.local/acme/web:2']]),
    );
    await driver.apply(spec);
    const web = pod('compose-pile-7f1c2d');
    expect(web.containers[0]!.image).toBe('miroir.local/acme/web:2');
    expect(web.imagePullSecrets).toBeUndefined();
    expect(registrySecret()).toBeUndefined();
  });
});
