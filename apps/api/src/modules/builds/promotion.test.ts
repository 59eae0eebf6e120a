import type { Environment } from '@nuage/shared/api-types';
import type { PromotionTarget, Release } from '@nuage/shared/build-types';
import { releaseTexts } from '@nuage/shared/messages/builds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import {
  codeTestApp,
  deployCodeApp,
  REPO,
  runBuildToEnd,
  SHA1,
  SHA2,
} from '../../../test/helpers/code-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, createEnvironment, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let prod: Environment;
let staging: Environment;

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  builder.hold = false;
  let project;
  ({ team, env: prod, project } = await teamWithEnvironment(t));
  staging = await createEnvironment(t, team.admin.token, project.id, {
    nom: 'Recette',
    type: 'staging',
  });
});
afterAll(() => t.close());

const dev = () => team.developer.token;
const row = async (id: string) =>
  (await t.database.db.select().from(deployments).where(eq(deployments.id, id)))[0]!;
const releasesOf = async (id: string) =>
  (await call(t, 'GET', `${API}/deployments/${id}/releases`, { token: team.user.token })).json<
    Release[]
  >();
const rollOut = () => t.app.engine.reconciler.runUntilIdle();
const promote = (from: string, releaseId: string, body: unknown, token = dev()) =>
  call(t, 'POST', `${API}/deployments/${from}/releases/${releaseId}/promote`, { token, body });

/** A code application built and serving its first release. */
async function servingApp(env: Environment, overrides: Record<string, unknown> = {}) {
  const app = await deployCodeApp(t, dev(), env, overrides);
  await runBuildToEnd(t, dev(), app.build_id);
  await rollOut();
  return app;
}

describe('promoting a release to another environment (issue 26 item 1)', () => {
  it('deploys the exact image into the other application, with its own variables and resources, without a build', async () => {
    const recette = await servingApp(staging, {
      env_vars: [{ name: 'MODE', value: 'recette', secret: false }],
    });
    const production = await servingApp(prod, {
      cpu: 1,
      ram: 2,
      env_vars: [{ name: 'MODE', value: 'production', secret: false }],
    });
    // Staging moves on to a second commit; production still serves the first.
    builder.repos.get(REPO)!.branches.main = SHA2;
    const redeploy = await call(t, 'POST', `${API}/deployments/${recette.id}/redeploy`, {
      token: dev(),
    });
    await runBuildToEnd(t, dev(), redeploy.json<{ build_id: string }>().build_id);
    await rollOut();
    builder.repos.get(REPO)!.branches.main = SHA1;
    const [tested] = await releasesOf(recette.id);
    expect(tested).toMatchObject({ numero: 2, commit_sha: SHA2, is_current: true });

    const targets = await call(t, 'GET', `${API}/deployments/${recette.id}/promotion-targets`, {
      token: team.user.token,
    });
    expect(targets.statusCode, targets.body).toBe(200);
    expect(targets.json<PromotionTarget[]>()).toEqual([
      {
        deployment_id: production.id,
        nom: production.nom,
        environnement_id: prod.id,
        environnement_nom: prod.nom,
        environnement_type: 'prod',
      },
    ]);

    const builds = builder.requests.length;
    const res = await promote(recette.id, tested!.id, { deployment_id: production.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<{ message: string }>().message).toBe(
      releaseTexts.promotionRequested(2, production.nom, prod.nom),
    );
    // Health-gated: the serving release stays current until the promoted one serves.
    expect((await row(production.id)).imageDigest).toBe(tested!.image_digest);
    expect((await releasesOf(production.id))[0]).toMatchObject({ numero: 2, is_current: false });
    await rollOut();
    const [live] = await releasesOf(production.id);
    expect(live).toMatchObject({
      numero: 2,
      is_current: true,
      image_digest: tested!.image_digest,
      commit_sha: SHA2,
      configuration: { cpu: 1, ram: 2, replicas: 1, env_var_names: ['MODE'] },
    });
    expect(builder.requests.length, 'no build for a promotion').toBe(builds);
    const env = await call(t, 'GET', `${API}/deployments/${production.id}/env-vars`, {
      token: dev(),
    });
    expect(env.json()).toEqual([{ name: 'MODE', value: 'production', secret: false }]);
    // The source keeps serving its own release.
    expect((await releasesOf(recette.id))[0]).toMatchObject({ numero: 2, is_current: true });
  });

  it('refuses a target of the same environment, of another repository, a stranger release and a reader, in French', async () => {
    const source = await servingApp(staging);
    const [release] = await releasesOf(source.id);
    const sameEnvironment = await deployCodeApp(t, dev(), staging);
    const shop = 'https://git.exemple.sn/equipe/boutique.git';
    builder.repos.set(shop, { branches: { main: SHA1 } });
    const otherRepository = await deployCodeApp(t, dev(), prod, { repo_url: shop });
    for (const target of [sameEnvironment, otherRepository]) {
      const refused = await promote(source.id, release!.id, { deployment_id: target.id });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ detail: releaseTexts.promotionTargetInvalid });
    }
    const listed = await call(t, 'GET', `${API}/deployments/${source.id}/promotion-targets`, {
      token: dev(),
    });
    const ids = listed.json<PromotionTarget[]>().map((target) => target.deployment_id);
    expect(ids).not.toContain(sameEnvironment.id);
    expect(ids).not.toContain(otherRepository.id);

    const stranger = await promote(sameEnvironment.id, release!.id, {
      deployment_id: otherRepository.id,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: releaseTexts.notFound });
    const reader = await promote(
      source.id,
      release!.id,
      { deployment_id: ids[0] },
      team.user.token,
    );
    expect(reader.statusCode).toBe(403);
    const garbled = await promote(source.id, release!.id, { deployment_id: 'prod' });
    expect(garbled.statusCode).toBe(422);
    expect(garbled.body).toContain(releaseTexts.promotionTargetInvalid);
  });
});
