import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, objectsOf } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import {
  finishedBuild,
  getFresh,
  nodeServer,
  pushWebhook,
  serving,
  type CodeDetail,
  type ReleaseView,
} from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { ensureBuildBaseImages } from './support/build-images';

/**
 * Issue 26 item 1 on Podman: the same repository deployed in two environments, staging tracking
 * `develop` and prod tracking `main`. A push to `develop`, delivered to both applications'
 * webhooks as a Git host does, builds and deploys in staging only; prod keeps serving `main`.
 * Promoting staging's release to prod serves it there from the same image digest, with no build.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e branch promotion] skipped: ${detected.skipReason}`);

const prefix = `nde2e-br-${randomBytes(3).toString('hex')}`;

interface Release extends ReleaseView {
  id: string;
  image_digest: string;
  commit_sha: string;
  branch: string;
  build_id: string | null;
}

describe.skipIf(detected.engine === null)('branches per environment and promotion', () => {
  let platform: PodmanPlatform;
  let stagingEnvId: string;
  let staging: { id: string; build_id: string };
  let prod: { id: string; build_id: string };
  let developSha: string;

  const deployIn = async (envId: string, branch: string) => {
    const res = await platform.call<{ id: string; build_id: string }>(
      'POST',
      `/deployments/${envId}/deploy/code`,
      {
        nom: 'api-boutique',
        cpu: 0.2,
        ram: 0.5,
        replicas: 1,
        type_application: 'nodejs',
        git_branch: branch,
        build_args: {},
        helm_chart_version: '1.0.0',
        repo_url: platform.git.url('boutique'),
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    platform.deployments.push({ id: res.body.id });
    return res.body;
  };
  const releasesOf = async (id: string) =>
    (await platform.call<Release[]>('GET', `/deployments/${id}/releases`)).body;
  const webhookSecret = async (id: string) =>
    (await platform.call<{ secret: string }>('POST', `/deployments/${id}/webhook/secret`)).body
      .secret;
  /** The image the engine runs for the application's serving container. */
  const runningImageId = async (id: string) => {
    const [container] = (await objectsOf(detected.engine!, id)).containers.filter(
      (c) => c.component === 'application' && c.state === 'running',
    );
    return execFileSync(
      'podman',
      ['--remote', 'inspect', '--format', '{{.Image}}', container!.id],
      {
        encoding: 'utf8',
      },
    ).trim();
  };

  beforeAll(async () => {
    ensureBuildBaseImages();
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix);
    const env = await platform.call<{ id: string }>(
      'POST',
      `/environments/${platform.projectId}/environments`,
      { nom: 'Recette', type: 'staging' },
    );
    stagingEnvId = env.body.id;
    platform.git.createRepository('boutique', {
      'package.json': JSON.stringify({ name: 'boutique', scripts: { start: 'node server.js' } }),
      'server.js': nodeServer('main 1'),
    });
    platform.git.commit('boutique', { 'server.js': nodeServer('develop 1') }, 'Recette', 'develop');
    [staging, prod] = await Promise.all([
      deployIn(stagingEnvId, 'develop'),
      deployIn(platform.envId, 'main'),
    ]);
    for (const app of [staging, prod])
      expect((await finishedBuild(platform.call, app.build_id)).status).toBe('success');
    await serving(platform.call, staging.id, 'develop 1');
    await serving(platform.call, prod.id, 'main 1');
  }, 900_000);

  afterAll(async () => {
    await platform?.stop();
  }, 180_000);

  it('deploys a push to develop in staging only; prod keeps serving main', async () => {
    const sha = (developSha = platform.git.commit(
      'boutique',
      { 'server.js': nodeServer('develop 2') },
      'Nouvelle recette',
      'develop',
    ));
    // A Git host delivers the push to every webhook configured on the repository.
    const deliver = async (app: { id: string }) =>
      pushWebhook(platform.server, app.id, await webhookSecret(app.id), sha, 'develop');
    const [toStaging, toProd] = await Promise.all([deliver(staging), deliver(prod)]);
    expect(toStaging.status).toBe(202);
    const built = (await toStaging.json()) as { build_id: string };
    expect(toProd.status).toBe(202);
    const ignored = (await toProd.json()) as { ignored?: boolean; detail?: string };
    expect(ignored.ignored, JSON.stringify(ignored)).toBe(true);
    expect(ignored.detail).toContain('develop');

    expect((await finishedBuild(platform.call, built.build_id)).status).toBe('success');
    await serving(platform.call, staging.id, 'develop 2');
    const prodDetail = (
      await platform.call<CodeDetail>('GET', `/deployments/deployment/${prod.id}`)
    ).body;
    expect((await getFresh(`${prodDetail.application_url}/`)).body).toBe('main 1');
    expect((await releasesOf(prod.id)).map((r) => r.branch)).toEqual(['main']);
  }, 600_000);

  it('promotes staging’s release to prod: the same image digest serves there, with no build', async () => {
    // The release is current once its rollout is confirmed, a moment after it first answers.
    const source = (await pollUntil(
      'the develop push’s release current in staging',
      async () => (await releasesOf(staging.id)).find((r) => r.is_current),
      (r) => r?.commit_sha === developSha,
      { timeoutMs: 60_000 },
    ))!;
    expect(source.branch).toBe('develop');
    const buildsOf = async (id: string) =>
      (await platform.call<{ total: number }>('GET', `/deployments/${id}/builds`)).body.total;
    const buildsBefore = await buildsOf(prod.id);
    const promoted = await platform.call(
      'POST',
      `/deployments/${staging.id}/releases/${source.id}/promote`,
      { deployment_id: prod.id },
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBeLessThan(300);
    await serving(platform.call, prod.id, 'develop 2');

    // A new release of prod: the same image digest, with prod's own settings.
    const current = await pollUntil(
      'the promoted release current in prod',
      async () => (await releasesOf(prod.id)).find((r) => r.is_current),
      (r) => r?.image_digest === source.image_digest,
      { timeoutMs: 60_000 },
    );
    expect(current!.branch).toBe('develop');
    expect(current!.commit_sha).toBe(developSha);
    expect(await buildsOf(prod.id)).toBe(buildsBefore);
    // The engine runs the very same image in both environments.
    expect(await runningImageId(prod.id)).toBe(await runningImageId(staging.id));
  }, 600_000);
});
