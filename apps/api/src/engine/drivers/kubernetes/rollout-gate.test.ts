import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseNotReadyError } from '../../driver';
import { buildCodeApplicationSpec } from '../../templates/code-spec';
import { renderApplication } from '../../manifests/application';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import { type PodOutcome, podImage } from '../../../../test/kubernetes/fake-kubelet';
import {
  eventually,
  refOf,
  seedNamespace,
  seedQuota,
  startFakeCluster,
  TEST_RENDER,
} from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * Health-gated releases on Kubernetes (rollout-gate.ts): a changed pod template counts as
 * applied only once the Deployment controller reports the rollout complete; a failed one is
 * rolled back to the serving template and reported as a ReleaseNotReadyError. The fake
 * cluster's controllers roll the Deployment; the test decides only how each image's pods fare.
 */
const release = (image: string) =>
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
      replicas: 2,
      domain: null,
      generation: 1,
    },
    envVars: [],
    namespace: 'env-boutique-prod-a1b2c3',
    certificate: null,
  });
const V1 = 'registry.exemple.sn/api:v1';
const V2 = 'registry.exemple.sn/api:v2';
const v1 = release(V1);
const deploymentPath = `/apis/apps/v1/namespaces/${v1.namespace}/deployments/${v1.app.name}`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
/** How each image's pods fare once started (v1's become ready). */
let outcomes: Record<string, PodOutcome>;
let stop: () => void;

const imageOf = (d: unknown) =>
  (d as { spec: { template: { spec: { containers: { image: string }[] } } } }).spec.template.spec
    .containers[0]!.image;
const stored = () => api.objects.get(deploymentPath)!;

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10, waitMs: 3000 } }));
  seedNamespace(api, v1.namespace);
  outcomes = { [V1]: 'ready' };
  stop = runControllers(api, {
    pods: (pod) => outcomes[podImage(pod)] ?? 'pending',
    podStartMs: 150,
    crashLog: 'démarrage…\nError: Cannot find module /app/server.js',
  });
  // Release 1 serves: two pods available.
  await driver.apply(v1);
  await eventually(async () => expect((await driver.status(refOf(v1))).readyReplicas).toBe(2));
});
afterEach(async () => {
  stop();
  await driver.close();
  await api.close();
});

describe('KubernetesDriver: health-gated rollouts', () => {
  it('renders the Deployment to keep serving pods during a rollout, with a progress deadline', () => {
    const spec = stored().spec as Record<string, unknown>;
    expect(spec.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
    expect(spec.progressDeadlineSeconds).toBe(180);
    // Catalogue applications take the same path.
    const wordpress = renderApplication(makeSpec({ template: 'wordpress' }), TEST_RENDER).find(
      (o) => o.kind === 'Deployment',
    ) as unknown as { spec: Record<string, unknown> };
    expect(wordpress.spec.strategy).toEqual(spec.strategy);
    expect(wordpress.spec.progressDeadlineSeconds).toBe(180);
  });

  it('returns only once the new pods are available (observedGeneration caught up)', async () => {
    outcomes[V2] = 'ready';
    const started = Date.now();
    await driver.apply(release(V2));
    // New pods become ready after 150 ms: the stale status (all available, older generation)
    // did not count as done.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const d = stored() as { metadata: { generation: number }; status: Record<string, number> };
    expect(imageOf(d)).toBe(V2);
    expect(d.status.observedGeneration).toBe(d.metadata.generation);
    expect(d.status.availableReplicas).toBe(2);
    expect(d.status.updatedReplicas).toBe(2);
  });

  it('new pods crash-looping: rolled back to the serving template, ReleaseNotReadyError worded as on Docker', async () => {
    outcomes[V2] = 'crashloop';
    const error = await driver.apply(release(V2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseNotReadyError);
    expect((error as ReleaseNotReadyError).reason).toBe(
      'le conteneur redémarre en boucle (3 redémarrages, code de sortie 1) : Error: Cannot find module /app/server.js',
    );
    // The Deployment is back on release 1's template; the controller finishes that rollout and
    // the crash-looping pod goes.
    expect(imageOf(stored())).toBe(V1);
    await eventually(async () => {
      const observed = await driver.status(refOf(v1));
      expect(observed.readyReplicas).toBe(2);
      expect(observed.pods).toHaveLength(2);
      expect(observed.images).toEqual([V1]);
    });
  });

  it('progress deadline exceeded: rolled back, the reason names the wait', async () => {
    // Pods that run but never pass their readiness probe.
    outcomes[V2] = 'unready';
    const error = await driver.apply(release(V2)).catch((e: unknown) => e);
    expect((error as ReleaseNotReadyError).reason).toBe(
      'elle n’a pas répondu à son test de disponibilité en 180 s (vérifiez le port d’écoute)',
    );
    expect(imageOf(stored())).toBe(V1);
  });

  it('an image that cannot be pulled, or no room in the quota beside the serving pods: rolled back', async () => {
    outcomes[V2] = 'pull';
    const pull = await driver.apply(release(V2)).catch((e: unknown) => e);
    expect((pull as ReleaseNotReadyError).reason).toMatch(
      /^son image ne peut pas être téléchargée \(ImagePullBackOff/,
    );
    expect(imageOf(stored())).toBe(V1);

    // The namespace's quota holds the two serving pods and nothing more: no room for the new
    // release's first pod beside them (the quota admission refuses it, as a real one would).
    await eventually(async () => expect((await driver.status(refOf(v1))).pods).toHaveLength(2));
    seedQuota(api, v1.namespace, { cpu: '1', memory: '1000M' });
    const V3 = 'registry.exemple.sn/api:v3';
    outcomes[V3] = 'ready';
    const quota = await driver.apply(release(V3)).catch((e: unknown) => e);
    expect((quota as ReleaseNotReadyError).reason).toMatch(/^le quota du projet ne laisse pas/);
    expect(imageOf(stored())).toBe(V1);
  });

  it('K8S_ROLLOUT_TIMEOUT_SECONDS is the progress deadline, and the reason says it', async () => {
    const other = await startFakeCluster({
      render: { rolloutDeadlineSeconds: 600 },
      rollout: { pollMs: 10, waitMs: 3000 },
    });
    try {
      seedNamespace(other.api, v1.namespace);
      const controller = runControllers(other.api, {
        pods: (pod) => (podImage(pod) === V1 ? 'ready' : 'unready'),
      });
      await other.driver.apply(v1);
      await eventually(async () =>
        expect((await other.driver.status(refOf(v1))).readyReplicas).toBe(2),
      );
      const failed = await other.driver.apply(release(V2)).catch((e: unknown) => e);
      controller();
      expect((failed as ReleaseNotReadyError).reason).toMatch(/test de disponibilité en 600 s/);
      const d = other.api.objects.get(deploymentPath)!;
      expect((d.spec as { progressDeadlineSeconds: number }).progressDeadlineSeconds).toBe(600);
    } finally {
      await other.driver.close();
      await other.api.close();
    }
  });

  it('pods that never start (unschedulable): the driver gives up at its own limit and rolls back', async () => {
    outcomes[V2] = 'pending';
    const error = await driver.apply(release(V2)).catch((e: unknown) => e);
    expect((error as ReleaseNotReadyError).reason).toMatch(/test de disponibilité en 180 s/);
    expect(imageOf(stored())).toBe(V1);
  });

  it('an apply that does not change the pod template (resync, scale) does not wait', async () => {
    // Waiting would end at the driver's limit (3 s) with a rollback: nothing rolls here.
    outcomes[V1] = 'pending';
    const started = Date.now();
    await driver.apply(v1);
    await driver.apply({ ...v1, replicas: 3 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((stored().spec as { replicas: number }).replicas).toBe(3);
  });

  it('a rollback to an older release goes through the same gate', async () => {
    outcomes[V2] = 'ready';
    await driver.apply(release(V2));
    // Back to release 1, whose pods crash this time: release 2 keeps serving.
    outcomes[V1] = 'crashloop';
    await expect(driver.apply(v1)).rejects.toBeInstanceOf(ReleaseNotReadyError);
    expect(imageOf(stored())).toBe(V2);
  });
});
