import type { Environment } from '@nuage/shared/api-types';
import type { BuildSummary, Release } from '@nuage/shared/build-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builds } from '../../db/schema/builds';
import type { ImageBuilder } from '../../engine/builds/builder';
import { deployments } from '../../db/schema/deployments';
import {
  codeTestApp,
  deployCodeApp,
  getBuild,
  REPO,
  runBuildToEnd,
  SHA1,
  SHA2,
} from '../../../test/helpers/code-factories';
import type { FakeImageBuilder } from '../../../test/helpers/fake-builder';
import { deployApp, teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';
import { NOT_CODE_APPLICATION } from './application-builds';
import { BUILD_PROCESS_DIED, BuildWorker } from './worker';

let t: TestApp;
let builder: FakeImageBuilder;
let team: Team;
let env: Environment;

beforeAll(async () => {
  ({ t, builder } = await codeTestApp());
  ({ team, env } = await teamWithEnvironment(t));
});
afterAll(() => t.close());

const dev = () => team.developer.token;
const row = async (id: string) =>
  (await t.database.db.select().from(deployments).where(eq(deployments.id, id)))[0]!;
const releasesOf = async (id: string) =>
  (await call(t, 'GET', `${API}/deployments/${id}/releases`, { token: team.user.token })).json<
    Release[]
  >();
/** The reconciler rolls the desired release out: it becomes current once it serves. */
const rollOut = () => t.app.engine.reconciler.runUntilIdle();
const redeploy = async (id: string) => {
  const res = await call(t, 'POST', `${API}/deployments/${id}/redeploy`, { token: dev() });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ build_id: string }>().build_id;
};

describe('build queue worker', () => {
  it('turns a successful build into release 1, the desired image the reconciler rolls out', async () => {
    builder.hold = false;
    const app = await deployCodeApp(t, dev(), env);
    const build = await runBuildToEnd(t, dev(), app.build_id);
    expect(build).toMatchObject({ status: 'success', commit_sha: SHA1, image_tag: 'build-1' });
    expect((await releasesOf(app.id))[0]).toMatchObject({ numero: 1, is_current: false });
    await rollOut();
    expect(builder.requests.at(-1)).toMatchObject({
      source: { repositoryUrl: REPO, branch: 'main', commitSha: SHA1 },
      templateHint: 'nodejs',
      limits: { cpuMilli: 2000, ramMb: 2048, timeoutSeconds: 900 },
    });
    const [release] = await releasesOf(app.id);
    expect(release).toMatchObject({
      numero: 1,
      is_current: true,
      commit_sha: SHA1,
      image_digest: expect.stringMatching(/^sha256:/),
    });
    expect(release!.configuration).toEqual({
      cpu: 0.5,
      ram: 1,
      replicas: 1,
      port: 3000,
      env_var_names: [],
    });
    const d = await row(app.id);
    expect(`${d.imageRegistryUrl}:${d.imageTag}`).toBe(release!.image_url);
    expect(d.port).toBe(3000);
    expect(d.runtime).toBe('simulation');
  });

  it('runs one build at a time (BUILD_CONCURRENCY=1) and shows the others their queue position', async () => {
    builder.hold = true;
    const a = await deployCodeApp(t, dev(), env);
    const b = await deployCodeApp(t, dev(), env);
    await t.app.buildWorker!.tick();
    await builder.waitRunning(1);
    await t.app.buildWorker!.tick();
    expect((await getBuild(t, dev(), a.build_id)).status).toBe('running');
    expect(await getBuild(t, dev(), b.build_id)).toMatchObject({
      status: 'queued',
      queue_position: 1,
    });
    builder.finish(a.build_id);
    await t.app.buildWorker!.idle();
    await t.app.buildWorker!.tick();
    await builder.waitRunning(1);
    expect((await getBuild(t, dev(), b.build_id)).status).toBe('running');
    builder.finish(b.build_id);
    await t.app.buildWorker!.idle();
    expect((await getBuild(t, dev(), b.build_id)).status).toBe('success');
  });

  it('cancel stops the running build through its signal; a first build cancelled leaves the application failed', async () => {
    builder.hold = true;
    const app = await deployCodeApp(t, dev(), env);
    await t.app.buildWorker!.tick();
    await builder.waitRunning(1);
    const res = await call(t, 'POST', `${API}/builds/${app.build_id}/cancel`, { token: dev() });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Annulation demandée.' });
    await t.app.buildWorker!.idle();
    expect(builder.stopped).toContain(app.build_id);
    expect((await getBuild(t, dev(), app.build_id)).status).toBe('cancelled');
    const d = await row(app.id);
    expect(d.status).toBe('FAILED');
    expect(d.statusReason).toMatch(/^Construction annulée/);
    const again = await call(t, 'POST', `${API}/builds/${app.build_id}/cancel`, { token: dev() });
    expect(again.statusCode).toBe(409);
  });

  it('a cancel asked on another process reaches the build through the polled flag', async () => {
    builder.hold = true;
    const app = await deployCodeApp(t, dev(), env);
    await t.app.buildWorker!.tick();
    await builder.waitRunning(1);
    await t.database.db
      .update(builds)
      .set({ cancelRequested: true })
      .where(eq(builds.id, app.build_id));
    await t.app.buildWorker!.beat();
    await t.app.buildWorker!.idle();
    expect(builder.stopped).toContain(app.build_id);
    expect((await getBuild(t, dev(), app.build_id)).status).toBe('cancelled');
  });

  it('deleting the application stops its running build', async () => {
    builder.hold = true;
    const app = await deployCodeApp(t, dev(), env);
    await t.app.buildWorker!.tick();
    await builder.waitRunning(1);
    const res = await call(t, 'DELETE', `${API}/deployments/deployment/${app.id}`, {
      token: dev(),
    });
    expect(res.statusCode).toBe(202);
    await t.app.buildWorker!.idle();
    expect(builder.stopped).toContain(app.build_id);
    expect((await getBuild(t, dev(), app.build_id)).status).toBe('cancelled');
  });

  it('fails a build whose process died, with a French reason, removes what it left, and a redeploy retries it', async () => {
    builder.hold = false;
    // The builder is asked to remove the leftovers of every build not running any more.
    const kept: string[][] = [];
    (builder as ImageBuilder).removeLeftovers = (running) => {
      kept.push([...running]);
      return Promise.resolve([]);
    };
    const app = await deployCodeApp(t, dev(), env);
    await t.database.db
      .update(builds)
      .set({
        status: 'running',
        claimedBy: 'processus-mort',
        startedAt: new Date(),
        heartbeatAt: new Date(Date.now() - 60_000),
      })
      .where(eq(builds.id, app.build_id));
    await t.app.buildWorker!.tick();
    const dead = await getBuild(t, dev(), app.build_id);
    expect(dead).toMatchObject({ status: 'failed', error_message: BUILD_PROCESS_DIED });
    expect(kept).toHaveLength(1);
    expect(kept[0]).not.toContain(app.build_id);
    delete (builder as ImageBuilder).removeLeftovers;
    const retry = await redeploy(app.id);
    expect((await runBuildToEnd(t, dev(), retry)).status).toBe('success');
    await rollOut();
    expect((await row(app.id)).currentReleaseNumero).toBe(1);
  });

  it('a failing build keeps the running release and its status, with the error in the log and the built-images page', async () => {
    builder.hold = false;
    const app = await deployCodeApp(t, dev(), env);
    await runBuildToEnd(t, dev(), app.build_id);
    await rollOut();
    const before = await row(app.id);
    builder.repos.get(REPO)!.branches.main = SHA2;
    builder.repos.get(REPO)!.failing = {
      [SHA2]: "SyntaxError: Unexpected token '}' (server.js:3)",
    };
    const failedId = await redeploy(app.id);
    const failed = await runBuildToEnd(t, dev(), failedId);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toContain('SyntaxError');
    const after = await row(app.id);
    expect(after.currentReleaseId).toBe(before.currentReleaseId);
    expect(after.imageTag).toBe(before.imageTag);
    expect(after.status).not.toBe('FAILED');
    const logs = await call(t, 'GET', `${API}/builds/${failedId}/logs`, { token: team.user.token });
    expect(logs.body).toContain('SyntaxError');
    const page = await call(t, 'GET', `${API}/standalone-builds/images?status_filter=failed`, {
      token: team.user.token,
    });
    const rows = page.json<{
      builds: { build_id: string; error_message: string; kind: string }[];
    }>().builds;
    expect(rows.find((r) => r.build_id === failedId)).toMatchObject({
      kind: 'build',
      error_message: failed.error_message,
    });
    builder.repos.get(REPO)!.branches.main = SHA1;
    builder.repos.get(REPO)!.failing = {};
  });

  it('stops a build past its timeout and fails it in French', async () => {
    const { t: t2, builder: b2 } = await codeTestApp();
    try {
      t2.app.ctx.config.buildQueue.timeoutSeconds = 0.3;
      b2.hold = true;
      const { team: tm, env: e } = await teamWithEnvironment(t2);
      const app = await deployCodeApp(t2, tm.developer.token, e);
      const done = await runBuildToEnd(t2, tm.developer.token, app.build_id);
      expect(done.status).toBe('failed');
      expect(done.error_message).toMatch(/^La construction a dépassé le délai/);
      expect(b2.stopped).toContain(app.build_id);
    } finally {
      await t2.close();
    }
  });
});

describe('releases and rollback', () => {
  it('rolls back to the exact image digest and configuration of the chosen release', async () => {
    builder.hold = false;
    const app = await deployCodeApp(t, dev(), env);
    await runBuildToEnd(t, dev(), app.build_id);
    await rollOut();
    builder.repos.get(REPO)!.branches.main = SHA2;
    await runBuildToEnd(t, dev(), await redeploy(app.id));
    await rollOut();
    builder.repos.get(REPO)!.branches.main = SHA1;
    const [second, first] = await releasesOf(app.id);
    expect(second).toMatchObject({ numero: 2, is_current: true, commit_sha: SHA2 });
    expect(first!.image_digest).not.toBe(second!.image_digest);
    const res = await call(
      t,
      'POST',
      `${API}/deployments/${app.id}/releases/${first!.id}/rollback`,
      { token: dev() },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<{ message: string }>().message).toContain(
      'Les bases de données et les volumes ne sont pas restaurés.',
    );
    const d = await row(app.id);
    expect(`${d.imageRegistryUrl}:${d.imageTag}`).toBe(first!.image_url);
    expect(d.currentReleaseNumero).toBe(2);
    await rollOut();
    expect((await row(app.id)).currentReleaseNumero).toBe(1);
    const listed = await releasesOf(app.id);
    expect(listed.find((r) => r.is_current)?.image_digest).toBe(first!.image_digest);
    const detail = await call(t, 'GET', `${API}/deployments/deployment/${app.id}`, {
      token: team.user.token,
    });
    expect(detail.json()).toMatchObject({
      current_release: { id: first!.id, numero: 1 },
      // What the serving release was built from, named: its image is an internal reference.
      version_en_ligne: { numero: 1, commit_sha: SHA1, branche: 'main' },
    });
  });

  it('refuses to edit a code application’s image, and to rebuild a catalogue application, in French', async () => {
    const app = await deployCodeApp(t, dev(), env);
    const edit = await call(t, 'PUT', `${API}/deployments/deployment/${app.id}`, {
      token: dev(),
      body: { image_tag: 'latest' },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.body).toContain('vient de ses constructions');
    const wp = await deployApp(t, dev(), env.id);
    const res = await call(t, 'POST', `${API}/deployments/${wp.id}/redeploy`, { token: dev() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: NOT_CODE_APPLICATION });
  });

  it('answers 404 for a release of another application, 403 to a project user', async () => {
    const a = await deployCodeApp(t, dev(), env);
    await runBuildToEnd(t, dev(), a.build_id);
    const b = await deployCodeApp(t, dev(), env);
    const [rel] = await releasesOf(a.id);
    const other = await call(t, 'POST', `${API}/deployments/${b.id}/releases/${rel!.id}/rollback`, {
      token: dev(),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Version non trouvée' });
    const user = await call(t, 'POST', `${API}/deployments/${a.id}/releases/${rel!.id}/rollback`, {
      token: team.user.token,
    });
    expect(user.statusCode).toBe(403);
    const list = await call(t, 'GET', `${API}/deployments/${a.id}/builds`, {
      token: team.user.token,
    });
    expect(list.json<{ builds: BuildSummary[]; total: number }>()).toMatchObject({ total: 1 });
  });

  it('wakes when another process’s build goes stale, without polling for it', async () => {
    builder.hold = false;
    const app = await deployCodeApp(t, dev(), env);
    await t.database.db
      .update(builds)
      .set({
        status: 'running',
        claimedBy: 'processus-qui-va-mourir',
        startedAt: new Date(),
        heartbeatAt: new Date(),
      })
      .where(eq(builds.id, app.build_id));
    // Notified of the queue (listening), this worker's poll is an hour: only the build's
    // heartbeat going stale (1.5 s) brings it back.
    const worker = new BuildWorker({
      db: t.database.db,
      builder,
      secretsKey: t.app.ctx.secrets.secretsKey,
      settings: t.app.ctx.config.buildQueue,
      log: t.app.log,
      wakeEngine: () => {},
      pollMs: 3_600_000,
      staleMs: 1500,
    });
    worker.setListening(true);
    worker.start();
    try {
      const deadline = Date.now() + 15_000;
      while ((await getBuild(t, dev(), app.build_id)).status === 'running' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(await getBuild(t, dev(), app.build_id)).toMatchObject({
        status: 'failed',
        error_message: BUILD_PROCESS_DIED,
      });
    } finally {
      await worker.stop();
    }
  });
});
