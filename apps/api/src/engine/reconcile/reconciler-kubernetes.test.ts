import type { Environment } from '@nuage/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPO,
  SHA1,
  SHA2,
  deployCodeApp,
  runBuildToEnd,
} from '../../../test/helpers/code-factories';
import {
  deploymentRow,
  reconcileUntil,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import { runControllers } from '../../../test/kubernetes/fake-controllers';
import { type PodOutcome, podImage } from '../../../test/kubernetes/fake-kubelet';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';

/**
 * Health-gated releases through the whole engine on Kubernetes: the reconciler, the real
 * Kubernetes driver and the strict fake API server with its controllers, which roll the
 * Deployments out (the test decides only how each image's pods fare: crash-looping for a
 * broken one). The application keeps its serving
 * release and says why in French; a fixed release rolls out; and a rollout being awaited
 * never holds up the passes of other applications.
 */
let t: TestApp;
let api: FakeKubeApi;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;
let stopController: () => void;
/** How each image's pods fare once started. */
const outcomes = new Map<string, PodOutcome>();
/**
 * What it does with an image not in `outcomes`: the reconciler's own loop may apply a release
 * as soon as its build ends, before the test has read the image's name.
 */
let newImages: PodOutcome = 'ready';
const SHA3 = '3333333333333333333333333333333333333333';

const imageOf = (d: unknown) =>
  (d as { spec: { template: { spec: { containers: { image: string }[] } } } }).spec.template.spec
    .containers[0]!.image;

beforeAll(async () => {
  const cluster = await startFakeCluster({ rollout: { pollMs: 20, waitMs: 15_000 } });
  api = cluster.api;
  stopController = runControllers(api, {
    pods: (pod) => outcomes.get(podImage(pod)) ?? newImages,
    podStartMs: 50,
    crashLog: 'démarrage…\nError: Cannot find module /app/server.js',
  });
  builder = new FakeImageBuilder();
  builder.repos.set(REPO, {
    branches: { main: SHA1 },
    messages: { [SHA1]: 'Première version', [SHA2]: 'Version cassée', [SHA3]: 'Correctif' },
  });
  t = await createEngineTestApp(cluster.driver, {
    imageBuilder: builder,
    buildWorker: { heartbeatMs: 50, staleMs: 500, pollMs: 50 },
    passWaitMs: 300,
  });
  ({ team, env } = await teamWithEnvironment(t));
}, 60_000);
afterAll(async () => {
  stopController();
  await t.close();
  await api.close();
});

const dev = () => team.developer.token;
const detail = async (id: string) =>
  (await call(t, 'GET', `${API}/deployments/deployment/${id}`, { token: team.user.token })).json<{
    status: string;
    rollout_error: string | null;
    current_release: { numero: number } | null;
  }>();
const redeploy = async (id: string) => {
  const res = await call(t, 'POST', `${API}/deployments/${id}/redeploy`, { token: dev() });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ build_id: string }>().build_id;
};
/**
 * The image the application's latest build made it want (its row, before the rollout), pinned
 * by the digest its build reported: the cluster runs exactly what was built.
 */
const wantedImage = async (id: string) => {
  const row = await deploymentRow(t, id);
  expect(row!.imageDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
  return `${row!.imageRegistryUrl}:${row!.imageTag}@${row!.imageDigest}`;
};
/** The image of the application's Deployment as stored in the cluster. */
const liveImage = async (id: string) => {
  const row = await deploymentRow(t, id);
  const found = [...api.objects.entries()].find(([path]) =>
    path.endsWith(`/deployments/${row!.runtimeName}`),
  );
  return found ? imageOf(found[1]) : undefined;
};
const reconcileUntilShows = (
  id: string,
  check: (d: Awaited<ReturnType<typeof detail>>) => boolean,
) =>
  reconcileUntil(t, async () => check(await detail(id)), {
    timeoutMs: 20_000,
    tick: () => t.app.engine.reconciler.runUntilIdle(),
  });

describe('health-gated releases on Kubernetes, through the reconciler', () => {
  it('a crash-looping release: rolled back, previous release current, French rollout_error; the fix rolls out', async () => {
    const app = await deployCodeApp(t, dev(), env);
    await runBuildToEnd(t, dev(), app.build_id);
    await reconcileUntilShows(app.id, (d) => d.status === 'RUNNING');
    const first = await wantedImage(app.id);
    expect(await liveImage(app.id)).toBe(first);

    // Release 2's pods crash at start.
    outcomes.set(first, 'ready');
    newImages = 'crashloop';
    builder.repos.get(REPO)!.branches.main = SHA2;
    await runBuildToEnd(t, dev(), await redeploy(app.id));
    const broken = await wantedImage(app.id);
    expect(broken).not.toBe(first);
    outcomes.set(broken, 'crashloop');
    newImages = 'ready';
    // Once the failed release's pods are gone (the controller scales them down after the
    // revert), the application is observed RUNNING on release 1.
    await reconcileUntilShows(app.id, (d) => d.status === 'RUNNING' && d.rollout_error !== null);

    expect(await detail(app.id)).toMatchObject({
      status: 'RUNNING',
      current_release: { numero: 1 },
      rollout_error:
        'La version 2 n’a pas démarré : le conteneur redémarre en boucle (3 redémarrages, code de sortie 1) : Error: Cannot find module /app/server.js ; la version 1 reste en ligne.',
    });
    // The cluster serves release 1's template again.
    expect(await liveImage(app.id)).toBe(first);

    // The fix: release 3 starts, becomes current, the warning goes.
    builder.repos.get(REPO)!.branches.main = SHA3;
    await runBuildToEnd(t, dev(), await redeploy(app.id));
    const fixed = await wantedImage(app.id);
    await reconcileUntilShows(app.id, (d) => d.current_release?.numero === 3);
    expect(await detail(app.id)).toMatchObject({
      status: 'RUNNING',
      current_release: { numero: 3 },
      rollout_error: null,
    });
    expect(await liveImage(app.id)).toBe(fixed);
  });

  it('a rollout being awaited holds up no other application: their passes go on meanwhile', async () => {
    builder.repos.get(REPO)!.branches.main = SHA1;
    const slow = await deployCodeApp(t, dev(), env);
    await runBuildToEnd(t, dev(), slow.build_id);
    await reconcileUntilShows(slow.id, (d) => d.status === 'RUNNING');
    // Its next release: its pods never start (the driver waits 15 s here).
    outcomes.set(await wantedImage(slow.id), 'ready');
    newImages = 'pending';
    builder.repos.get(REPO)!.branches.main = SHA2;
    await runBuildToEnd(t, dev(), await redeploy(slow.id));
    outcomes.set(await wantedImage(slow.id), 'pending');
    newImages = 'ready';
    const started = Date.now();
    await t.app.engine.reconciler.tick();
    // The tick came back (passWaitMs) while the rollout is still awaited, its lease held.
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await deploymentRow(t, slow.id))!.leaseOwner).not.toBeNull();

    // Another application, deployed meanwhile, is applied by the next passes.
    builder.repos.get(REPO)!.branches.main = SHA3;
    const other = await deployCodeApp(t, dev(), env);
    await runBuildToEnd(t, dev(), other.build_id);
    // Applied: its image live on the cluster and the pass that applied it recorded as done (the
    // cluster shows the image a moment before that pass writes its generation).
    await reconcileUntil(
      t,
      async () => {
        const row = await deploymentRow(t, other.id);
        return (
          (await liveImage(other.id)) !== undefined && row!.observedGeneration === row!.generation
        );
      },
      { timeoutMs: 5000, tick: () => t.app.engine.reconciler.tick() },
    );
    const [slowRow, otherRow] = [await deploymentRow(t, slow.id), await deploymentRow(t, other.id)];
    expect(slowRow!.leaseOwner).not.toBeNull();
    expect(slowRow!.rolloutError).toBeNull();
    expect(otherRow!.observedGeneration).toBe(otherRow!.generation);

    // The awaited rollout ends on its own: rolled back, release 1 still current.
    await t.app.engine.reconciler.settled();
    expect(await detail(slow.id)).toMatchObject({
      status: 'RUNNING',
      current_release: { numero: 1 },
      rollout_error:
        'La version 2 n’a pas démarré : elle n’a pas répondu à son test de disponibilité en 180 s (vérifiez le port d’écoute) ; la version 1 reste en ligne.',
    });
  }, 60_000);
});
