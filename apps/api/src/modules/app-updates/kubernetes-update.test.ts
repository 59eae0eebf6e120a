import type { Environment } from '@nuage/shared/api-types';
import type { MiseAJour } from '@nuage/shared/schemas/responses/app-updates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployApp,
  deploymentRow,
  reconcileUntil,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { startFakeCluster } from '../../../test/kubernetes/fake-cluster';
import { runControllers } from '../../../test/kubernetes/fake-controllers';
import { type PodOutcome, podImage } from '../../../test/kubernetes/fake-kubelet';
import type { FakeKubeApi } from '../../../test/kubernetes/fake-kube-api';
import { writeSimulatedBackup } from '../../engine/drivers/simulation/backup';
import type { RuntimeDriver } from '../../engine/driver';

/**
 * « Mettre à jour » on Kubernetes: the reconciler and the real Kubernetes driver on the strict
 * fake API server, whose controllers roll the Deployment out (the test decides how each image's
 * pods fare). The new tag reaches the Deployment; a version whose pods crash-loop is rolled
 * back by the driver and the application's tag comes back on its own.
 *
 * The backup taken first is made on the platform here: the in-cluster backup Jobs and their S3
 * upload are kubernetes-backups.test.ts's subject, and would add nothing to the rollout's.
 */
let t: TestApp;
let api: FakeKubeApi;
let team: Team;
let env: Environment;
let stopControllers: () => void;
const outcomes = new Map<string, PodOutcome>();
const OLD = 'docker.io/library/wordpress:6.3-apache';
const NEW = 'docker.io/library/wordpress:6.4-apache';

beforeAll(async () => {
  const cluster = await startFakeCluster({ rollout: { pollMs: 20, waitMs: 10_000 } });
  api = cluster.api;
  const driver: RuntimeDriver = cluster.driver;
  Object.defineProperty(driver, 'backupToStorage', { value: undefined });
  driver.backup = (spec, dir) => writeSimulatedBackup(spec, dir);
  stopControllers = runControllers(api, {
    // Setup Jobs (wp-cli) finish; the application's pods fare as the test says.
    pods: (pod) =>
      outcomes.get(podImage(pod)) ?? (/:cli$/.test(podImage(pod)) ? 'succeeded' : 'ready'),
    podStartMs: 50,
    crashLog: 'PHP Fatal error: Uncaught Error: Call to undefined function',
  });
  t = await createEngineTestApp(driver, { passWaitMs: 300 });
  ({ team, env } = await teamWithEnvironment(t));
}, 60_000);
afterAll(async () => {
  stopControllers();
  await t.close();
  await api.close();
});

const imageOf = (d: unknown) =>
  (d as { spec: { template: { spec: { containers: { image: string }[] } } } }).spec.template.spec
    .containers[0]!.image;
/** The image of the application's Deployment as the cluster stores it. */
async function liveImage(id: string) {
  const row = await deploymentRow(t, id);
  const found = [...api.objects.entries()].find(([path]) =>
    path.endsWith(`/deployments/${row!.runtimeName}`),
  );
  return found ? imageOf(found[1]) : undefined;
}
const updateOf = async (id: string) =>
  (await call(t, 'GET', `${API}/deployments/deployment/${id}`, { token: team.user.token })).json<{
    mise_a_jour: MiseAJour;
  }>().mise_a_jour;

async function settled(id: string) {
  await t.app.backupJobs.idle();
  await reconcileUntil(
    t,
    async () => {
      const s = (await updateOf(id)).derniere?.statut;
      return s !== 'backing_up' && s !== 'rolling_out';
    },
    { timeoutMs: 30_000 },
  );
}

describe('an update on Kubernetes', () => {
  it('rolls back on its own when the new pods crash-loop, then moves the Deployment to the new image', async () => {
    const app = await deployApp(t, team.developer.token, env.id, { image_tag: '6.3-apache' });
    await reconcileUntil(t, async () => (await deploymentRow(t, app.id))?.status === 'RUNNING', {
      timeoutMs: 30_000,
    });
    expect(await liveImage(app.id)).toBe(OLD);

    outcomes.set(NEW, 'crashloop');
    const first = await call(t, 'POST', `${API}/deployments/${app.id}/update`, {
      token: team.developer.token,
    });
    expect(first.statusCode, first.body).toBe(202);
    await settled(app.id);
    const rolledBack = (await updateOf(app.id)).derniere!;
    expect(rolledBack.statut).toBe('rolled_back');
    expect(rolledBack.erreur).toMatch(/redémarre en boucle/);
    expect((await deploymentRow(t, app.id))!.imageTag).toBe('6.3-apache');
    // The previous tag applied again and serving: the application is settled, updatable again.
    await reconcileUntil(
      t,
      async () => {
        const row = (await deploymentRow(t, app.id))!;
        return row.observedGeneration === row.generation && row.status === 'RUNNING';
      },
      { timeoutMs: 20_000 },
    );
    expect(await liveImage(app.id)).toBe(OLD);

    outcomes.set(NEW, 'ready');
    const second = await call(t, 'POST', `${API}/deployments/${app.id}/update`, {
      token: team.developer.token,
    });
    expect(second.statusCode, second.body).toBe(202);
    await settled(app.id);
    expect((await updateOf(app.id)).derniere).toMatchObject({ statut: 'succeeded' });
    expect(await liveImage(app.id)).toBe(NEW);
    expect((await deploymentRow(t, app.id))!.imageTag).toBe('6.4-apache');
  }, 90_000);
});
