import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseNotReadyError } from '../../driver';
import { buildCodeApplicationSpec } from '../../templates/code-spec';
import type { FakeKubeApi, WatchEvent } from '../../../../test/kubernetes/fake-kube-api';
import { type PodOutcome, podImage } from '../../../../test/kubernetes/fake-kubelet';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import {
  eventually,
  refOf,
  seedNamespace,
  startFakeCluster,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * A failed rollout reverts the whole release, not only the Deployment's image: the serving
 * pods, if they restart after the failure, start with the serving release's secret values
 * and are still reached on their own port (manifests/secrets.ts renderReleaseSecret,
 * manifests/networking.ts renderService).
 */
const release = (tag: string, token: string, port = 8080) =>
  buildCodeApplicationSpec({
    deployment: {
      id: '7a1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      projectId: '11111111-2222-4333-8444-555555555555',
      environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      nom: 'API',
      runtimeName: 'nodejs-api-7a1c2d',
      hostLabel: 'api-prod-boutique',
      image: `registry.exemple.sn/api:${tag}`,
      port,
      cpuMilli: 500,
      ramMb: 500,
      storageMb: 1000,
      replicas: 2,
      domain: null,
      generation: 1,
    },
    envVars: [{ name: 'API_TOKEN', value: token, secret: true }],
    namespace: 'env-boutique-prod-a1b2c3',
    certificate: null,
  });

type Json = Record<string, unknown>;
interface StoredPodSpec {
  containers: {
    image: string;
    ports: { name: string; containerPort: number }[];
    env: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  }[];
}

const v1 = release('v1', 'jeton-v1');
const ns = v1.namespace;
const deploymentPath = `/apis/apps/v1/namespaces/${ns}/deployments/${v1.app.name}`;
const secretPath = (name: string) => `/api/v1/namespaces/${ns}/secrets/${name}`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
let outcomes: Record<string, PodOutcome>;
let stop: () => void;

const podSpec = () =>
  (api.objects.get(deploymentPath) as { spec: { template: { spec: StoredPodSpec } } }).spec.template
    .spec;
/** What a pod created from the stored template now would read as API_TOKEN. */
const tokenSeenByNewPod = () => {
  const ref = podSpec().containers[0]!.env.find((e) => e.name === 'API_TOKEN')!.valueFrom!
    .secretKeyRef!;
  const secret = api.objects.get(secretPath(ref.name)) as { data: Record<string, string> };
  return Buffer.from(secret.data[ref.key]!, 'base64').toString('utf8');
};
const releaseSecrets = () =>
  [...api.objects.entries()]
    .filter(
      ([p, o]) =>
        p.startsWith(`/api/v1/namespaces/${ns}/secrets/`) &&
        ((o.metadata as Json).labels as Record<string, string>)['app.kubernetes.io/component'] ===
          'release-secrets',
    )
    .map(([, o]) => (o.metadata as { name: string }).name);

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10, waitMs: 3000 } }));
  seedNamespace(api, ns);
  outcomes = { 'registry.exemple.sn/api:v1': 'ready' };
  stop = runControllers(api, { pods: (pod) => outcomes[podImage(pod)] ?? 'pending' });
  await driver.apply(v1);
  await eventually(async () => expect((await driver.status(refOf(v1))).readyReplicas).toBe(2));
});
afterEach(async () => {
  stop();
  await driver.close();
  await api.close();
});

describe('KubernetesDriver: a failed rollout reverts the whole release', () => {
  it('new secret values and a new port: the serving pods keep their own after the revert', async () => {
    outcomes['registry.exemple.sn/api:v2'] = 'crashloop';
    const deleted: string[] = [];
    const watch = (e: WatchEvent) => {
      if (e.type === 'DELETED' && e.object.kind === 'Secret')
        deleted.push((e.object.metadata as { name: string }).name);
    };
    api.controllers.add(watch);
    const error = await driver.apply(release('v2', 'jeton-v2', 3000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseNotReadyError);

    // A serving pod restarting now (crash, eviction) reads release 1's value on release 1's port.
    expect(podSpec().containers[0]!.image).toBe('registry.exemple.sn/api:v1');
    expect(tokenSeenByNewPod()).toBe('jeton-v1');
    expect(podSpec().containers[0]!.ports).toEqual([{ name: 'main', containerPort: 8080 }]);
    const service = api.objects.get(`/api/v1/namespaces/${ns}/services/${v1.service.name}`) as {
      spec: { ports: { port: number; targetPort: unknown }[] };
    };
    expect(service.spec.ports[0]!.targetPort).toBe('main');
    // The failed release's Secret is gone; the serving one is the only one left.
    expect(releaseSecrets()).toHaveLength(1);
    expect(deleted).toHaveLength(1);
    api.controllers.delete(watch);
  });

  it('a release that rolls out replaces the values, and the previous Secret goes', async () => {
    outcomes['registry.exemple.sn/api:v2'] = 'ready';
    const [before] = releaseSecrets();
    await driver.apply(release('v2', 'jeton-v2'));
    expect(tokenSeenByNewPod()).toBe('jeton-v2');
    expect(releaseSecrets()).toHaveLength(1);
    expect(releaseSecrets()).not.toContain(before);
  });

  it('a new secret value alone rolls the pods (the template names the release Secret)', async () => {
    outcomes['registry.exemple.sn/api:v1'] = 'crashloop';
    // Same image, new value: a rollout is watched, and a failed one leaves the old value.
    await expect(driver.apply(release('v1', 'jeton-nouveau'))).rejects.toBeInstanceOf(
      ReleaseNotReadyError,
    );
    expect(tokenSeenByNewPod()).toBe('jeton-v1');
  });
});
