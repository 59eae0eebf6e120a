import type { Environment } from '@nuage/shared/api-types';
import type { Release } from '@nuage/shared/build-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseNotReadyError, type RuntimeDriver } from '../driver';
import type { ApplicationSpec } from '../spec';
import {
  codeTestApp,
  deployCodeApp,
  REPO,
  runBuildToEnd,
  SHA2,
} from '../../../test/helpers/code-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import {
  deployApp,
  deploymentRow,
  makeDue,
  putDeployment,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * Health-gated releases (issue 13) at the reconciler: the runtime reports that a new version's
 * replica never became ready while the previous one kept serving (ReleaseNotReadyError, what
 * the docker rollout throws); the application stays on what serves and says so in French.
 */

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;
/** Images the runtime refuses to make ready, as the docker rollout would after its wait. */
const broken = new Set<string>();
const applied: string[] = [];

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  ({ team, env } = await teamWithEnvironment(t));
  const driver: RuntimeDriver = t.app.engine.driver;
  const apply = driver.apply.bind(driver);
  driver.apply = async (spec: ApplicationSpec) => {
    applied.push(spec.app.image);
    if (broken.has(spec.app.image)) {
      throw new ReleaseNotReadyError('le conteneur s’est arrêté (code de sortie 1) : boom');
    }
    return apply(spec);
  };
});
afterAll(() => t.close());

const dev = () => team.developer.token;
const rollOut = () => t.app.engine.reconciler.runUntilIdle();
const detail = async (id: string) =>
  (await call(t, 'GET', `${API}/deployments/deployment/${id}`, { token: team.user.token })).json<{
    status: string;
    rollout_error: string | null;
    current_release: { numero: number } | null;
    events: { message: string }[];
  }>();
const releasesOf = async (id: string) =>
  (await call(t, 'GET', `${API}/deployments/${id}/releases`, { token: team.user.token })).json<
    Release[]
  >();
const redeploy = async (id: string) => {
  const res = await call(t, 'POST', `${API}/deployments/${id}/redeploy`, { token: dev() });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ build_id: string }>().build_id;
};

describe('a code release that never becomes ready', () => {
  it('leaves the previous release current and serving, says why in French, and does not retry it', async () => {
    const app = await deployCodeApp(t, dev(), env);
    await runBuildToEnd(t, dev(), app.build_id);
    await reconcileToStatus(t, app.id, 'RUNNING');
    expect(await detail(app.id)).toMatchObject({
      status: 'RUNNING',
      current_release: { numero: 1 },
      rollout_error: null,
    });
    const good = await deploymentRow(t, app.id);

    builder.repos.get(REPO)!.branches.main = SHA2;
    await runBuildToEnd(t, dev(), await redeploy(app.id));
    const wanted = await deploymentRow(t, app.id);
    broken.add(`${wanted!.imageRegistryUrl}:${wanted!.imageTag}`);
    await rollOut();

    const message =
      'La version 2 n’a pas démarré : le conteneur s’est arrêté (code de sortie 1) : boom ; la version 1 reste en ligne.';
    const d = await detail(app.id);
    expect(d).toMatchObject({
      status: 'RUNNING',
      current_release: { numero: 1 },
      rollout_error: message,
    });
    expect(d.events.map((e) => e.message)).toContain(message);
    const [second, first] = await releasesOf(app.id);
    expect(second).toMatchObject({
      numero: 2,
      is_current: false,
      rollout_error: 'le conteneur s’est arrêté (code de sortie 1) : boom',
    });
    expect(first).toMatchObject({ numero: 1, is_current: true, rollout_error: null });
    // The desired state is the serving release again: later passes never try release 2.
    const after = await deploymentRow(t, app.id);
    expect(`${after!.imageRegistryUrl}:${after!.imageTag}`).toBe(
      `${good!.imageRegistryUrl}:${good!.imageTag}`,
    );
    expect(after!.desiredReleaseId).toBeNull();
    const tries = applied.length;
    await makeDue(t, app.id);
    await rollOut();
    expect(applied.slice(tries)).not.toContain(`${wanted!.imageRegistryUrl}:${wanted!.imageTag}`);

    // A release that starts replaces it, and the warning goes.
    broken.clear();
    await runBuildToEnd(t, dev(), await redeploy(app.id));
    await rollOut();
    expect(await detail(app.id)).toMatchObject({
      current_release: { numero: 3 },
      rollout_error: null,
    });
  });
});

describe('a catalogue application update that never becomes ready', () => {
  it('stays RUNNING on the previous version with the French reason, without retrying', async () => {
    const app = await deployApp(t, dev(), env.id);
    await reconcileToStatus(t, app.id, 'RUNNING');
    broken.add('docker.io/library/wordpress:6.5-apache');
    const put = await putDeployment(t, dev(), app.id, { image_tag: '6.5-apache' });
    expect(put.statusCode, put.body).toBe(200);
    await rollOut();
    expect(await detail(app.id)).toMatchObject({
      status: 'RUNNING',
      rollout_error:
        'La nouvelle version n’a pas démarré : le conteneur s’est arrêté (code de sortie 1) : boom ; la version précédente reste en ligne.',
    });
    const tries = applied.length;
    await makeDue(t, app.id);
    await rollOut();
    expect(applied.length).toBe(tries);
    broken.clear();
  });
});
