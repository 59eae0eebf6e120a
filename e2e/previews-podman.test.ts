import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, objectsOf } from '../bench/lib/docker-engine.mjs';
import { startFakeGitHost, type FakeGitHost } from '../apps/api/test/helpers/fake-git-host';
import { pollUntil } from './helpers/api';
import {
  finishedBuild,
  getFresh,
  nodeServer,
  pullRequestWebhook,
  serving,
} from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { ensureBuildBaseImages } from './support/build-images';

/**
 * Issue 26 on Podman: a pull request gets its preview, a real build of its head served at its
 * own address in its own environment (network, container, volume); a new push to the request
 * serves the new code; closing it removes every object and row; the commit status and the
 * comment reach the Git host's API (a local server that checks what GitHub checks).
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e previews] skipped: ${detected.skipReason}`);

const prefix = `nde2e-pr-${randomBytes(3).toString('hex')}`;
const HOST_TOKEN = `ghp_${randomBytes(12).toString('hex')}`;

interface PreviewView {
  id: string;
  numero_pr: number;
  etat: string;
  url: string | null;
  application_id: string | null;
  environnement_id: string | null;
  commit: string;
}

describe.skipIf(detected.engine === null)('previews of pull requests on Podman', () => {
  let platform: PodmanPlatform;
  let host: FakeGitHost;
  let app: { id: string; build_id: string };
  let secret: string;
  let preview: PreviewView;
  let namespace: string;

  const previewsOf = async () =>
    (await platform.call<{ apercus: PreviewView[] }>('GET', `/deployments/${app.id}/previews`)).body
      .apercus;
  /** A GitHub `pull_request` delivery for request 7 of the test repository. */
  const pullRequest = (action: string, sha: string) =>
    pullRequestWebhook(
      platform.server,
      app.id,
      secret,
      { action, number: 7, title: 'Nouvelle page d’accueil', head: 'accueil', sha },
      { name: 'equipe/boutique', url: platform.git.url('boutique') },
    );
  const networkExists = (name: string) => {
    try {
      execFileSync('podman', ['--remote', 'network', 'exists', name]);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    ensureBuildBaseImages();
    host = await startFakeGitHost({ token: HOST_TOKEN });
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix);
    platform.git.createRepository('boutique', {
      'package.json': JSON.stringify({ name: 'boutique', scripts: { start: 'node server.js' } }),
      'server.js': nodeServer('main 1'),
    });
    app = await platform.deployCode('boutique', 'boutique');
    expect((await finishedBuild(platform.call, app.build_id)).status).toBe('success');
    const token = await platform.call<{ id: string }>(
      'POST',
      `/projects/${platform.projectId}/git-tokens`,
      { nom: 'Rapports GitHub', token: HOST_TOKEN },
    );
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const settings = await platform.call('PUT', `/deployments/${app.id}/previews`, {
      actif: true,
      cpu: 0.2,
      ram: 0.5,
      api_url: host.apiUrl('github'),
      jeton_statut_id: token.body.id,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    secret = (
      await platform.call<{ secret: string }>('POST', `/deployments/${app.id}/webhook/secret`)
    ).body.secret;
  }, 900_000);

  afterAll(async () => {
    await platform?.stop();
    await host?.close();
  }, 180_000);

  it('an opened pull request is built and served at its own address, in its own environment', async () => {
    const sha = platform.git.commit(
      'boutique',
      { 'server.js': nodeServer('aperçu 1') },
      'Accueil',
      'accueil',
    );
    const res = await pullRequest('opened', sha);
    expect(res.status).toBe(202);
    const opened = (await res.json()) as { apercu_id: string; build_id: string };
    expect((await finishedBuild(platform.call, opened.build_id)).status).toBe('success');
    preview = (await previewsOf()).find((p) => p.id === opened.apercu_id)!;
    platform.deployments.push({ id: preview.application_id! });
    const detail = await serving(platform.call, preview.application_id!, 'aperçu 1');
    expect(detail.application_url).toContain('pr-7');
    // The application itself still serves main.
    await serving(platform.call, app.id, 'main 1');
    const env = await platform.call<{ namespace_k8s_id: string; apercu: { numero_pr: number } }>(
      'GET',
      `/environments/${preview.environnement_id}`,
    );
    expect(env.body.apercu.numero_pr).toBe(7);
    namespace = env.body.namespace_k8s_id;
    expect(networkExists(namespace)).toBe(true);

    // The host hears of it: success with the preview's address, one comment.
    await pollUntil(
      'the success status on GitHub',
      async () => host.statuses('github').at(-1),
      (s) => s?.state === 'success' && s.sha === sha,
      { timeoutMs: 60_000 },
    );
    expect(host.statuses('github').at(-1)!.targetUrl).toBe(detail.application_url);
    expect(host.statuses('github').map((s) => s.state)).toContain('pending');
    // The comment is edited just after the status is set: waited for, not read at once.
    const comments = await pollUntil(
      'the comment with the address',
      async () => host.comments('github'),
      (c) => c.some((comment) => comment.body.includes(detail.application_url!)),
      { timeoutMs: 30_000 },
    );
    expect(comments).toHaveLength(1);
    // The test server's path has no owner (/boutique.git): the payload's name stands in.
    expect(comments[0]!.repository).toBe('equipe/boutique');
    expect(comments[0]!.body).toContain(detail.application_url!);
  }, 600_000);

  it('a new push to the request serves its new code', async () => {
    const sha = platform.git.commit(
      'boutique',
      { 'server.js': nodeServer('aperçu 2') },
      'Retouche',
      'accueil',
    );
    const res = await pullRequest('synchronize', sha);
    const updated = (await res.json()) as { build_id: string };
    expect((await finishedBuild(platform.call, updated.build_id)).status).toBe('success');
    await serving(platform.call, preview.application_id!, 'aperçu 2');
    await pollUntil(
      'the second commit’s success on GitHub',
      async () => host.statuses('github').at(-1),
      (s) => s?.state === 'success' && s.sha === sha,
      { timeoutMs: 60_000 },
    );
    expect(host.comments('github')).toHaveLength(1);
  }, 600_000);

  it('closing the request removes its container, volume, network and rows', async () => {
    const detail = (
      await platform.call<{ application_url: string }>(
        'GET',
        `/deployments/deployment/${preview.application_id}`,
      )
    ).body;
    const res = await pullRequest('closed', preview.commit);
    expect(res.status).toBe(202);
    await pollUntil(
      'the preview gone',
      async () => ({
        objects: await objectsOf(detected.engine!, preview.application_id!),
        rows: await previewsOf(),
        env: (await platform.call('GET', `/environments/${preview.environnement_id}`)).status,
        network: networkExists(namespace),
      }),
      (s) =>
        s.objects.containers.length === 0 &&
        s.objects.volumes.length === 0 &&
        s.rows.length === 0 &&
        s.env === 404 &&
        !s.network,
      { timeoutMs: 120_000 },
    );
    expect(
      (await platform.call('GET', `/deployments/deployment/${preview.application_id}`)).status,
    ).toBe(404);
    expect((await getFresh(`${detail.application_url}/`)).body).not.toBe('aperçu 2');
    await pollUntil(
      'the comment saying the request is closed',
      async () => host.comments('github'),
      (c) => c.length === 1 && c[0]!.body.includes('Pull request fermée'),
      { timeoutMs: 30_000 },
    );
    await serving(platform.call, app.id, 'main 1');
  }, 600_000);
});
