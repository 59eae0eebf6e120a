import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, objectsOf, sweep, type Engine } from '../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../bench/lib/edge-image.mjs';
import { createAccount } from './helpers/accounts';
import { apiClient, loginToken, type ApiCall } from './helpers/api';
import {
  buildLog,
  finishedBuild,
  getFresh,
  nodeServer,
  type ReleaseView,
  pushWebhook,
  removeBuiltImages,
  requestUntilRolloutError,
  serving,
} from './helpers/code-apps';
import { freePort, startServer, type RunningServer } from './helpers/server';
import {
  buildNetworkEnv,
  ensureBuildBaseImages,
  removeBuildNetwork,
  TEST_BUILD_ENV,
  TEST_NODE_IMAGE,
} from './support/build-images';
import { hostAddress, PROBE } from './support/egress-probe';
import { startGitServer, type GitServer } from './support/git-server/git-server';
import http from 'node:http';

/**
 * User code from Git to HTTP 200 on Podman (issue 13 "What must be shown"): repositories served
 * by `git http-backend`, built by the runtime's builder from Debian-made base images, run by the
 * docker driver behind the edge proxy. Skipped, with the reason, only where no engine answers.
 */
const detected = await detectEngine();
if (detected.skipReason && process.env.CI) {
  throw new Error(`CI must run the real-container tests, but ${detected.skipReason}`);
}
if (detected.skipReason) console.warn(`[e2e code deploy] skipped: ${detected.skipReason}`);

const prefix = `nde2e-code-${randomBytes(3).toString('hex')}`;

describe.skipIf(detected.engine === null)('code applications on Podman (real builds)', () => {
  const engine = detected.engine as Engine;
  const deployments: { id: string; name?: string }[] = [];
  const networks: string[] = [];
  const dirs: string[] = [];
  let git: GitServer;
  let server: RunningServer;
  let call: ApiCall;
  let token: string;
  let envId: string;
  let projectId: string;
  const edgeName = `${prefix}-edge`;
  // Two services on the host's own (private) address: one refused to builds, one let through
  // the egress proxy by BUILD_EGRESS_ALLOW (standing for a public registry).
  const hostServices: http.Server[] = [];
  const host = hostAddress();
  let privatePort: number;
  let allowedPort: number;
  const listen = async (text: string) => {
    const service = http.createServer((_q, res) => res.end(text));
    hostServices.push(service);
    await new Promise<void>((r) => service.listen(0, '0.0.0.0', r));
    return (service.address() as { port: number }).port;
  };

  beforeAll(async () => {
    ensureBuildBaseImages();
    git = await startGitServer();
    privatePort = await listen('service privé');
    allowedPort = await listen('comme public');
    const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-edge-'));
    dirs.push(adminDir);
    server = await startServer({
      RUNTIME: 'docker',
      DOCKER_HOST: `unix://${detected.socket}`,
      ...TEST_BUILD_ENV,
      ...buildNetworkEnv(prefix),
      BUILD_EGRESS_ALLOW: `${host}:${allowedPort}`,
      EDGE_IMAGE: await ensureEdgeImage(detected.socket!),
      EDGE_CONTAINER: edgeName,
      EDGE_HTTP_PORT: String(await freePort()),
      EDGE_HTTPS_PORT: String(await freePort()),
      EDGE_LISTEN_HOST: '127.0.0.1',
      EDGE_ADMIN_DIR: adminDir,
    });
    const account = await createAccount(server);
    token = await loginToken(server, account);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects/', {
      nom: `${prefix} code`,
      quota_cpu: 8,
      quota_ram: 16,
      quota_stockage: 100,
    });
    const env = await call<{ id: string; namespace_k8s_id: string }>(
      'POST',
      `/environments/${project.body.id}/environments`,
      {
        nom: 'Production',
        type: 'prod',
      },
    );
    envId = env.body.id;
    projectId = project.body.id;
    networks.push(env.body.namespace_k8s_id);
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    const edge = await engine.inspect(edgeName);
    if (edge) await engine.removeContainer(edge.Id);
    for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
    for (const d of deployments) {
      d.name ??= (await objectsOf(engine, d.id)).containers[0]?.name.replace(/-\d+$/, '');
    }
    await sweep(engine, { deployments, networks });
    await removeBuildNetwork(engine, prefix);
    for (const service of hostServices) service.close();
    removeBuiltImages(deployments.map((d) => d.id));
    await git?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  async function deployCode(nom: string, repo: string) {
    const res = await call<{ id: string; build_id: string }>(
      'POST',
      `/deployments/${envId}/deploy/code`,
      {
        nom,
        cpu: 0.5,
        ram: 0.5,
        replicas: 1,
        type_application: 'nodejs',
        git_branch: 'main',
        build_args: {},
        helm_chart_version: '1.0.0',
        repo_url: git.url(repo),
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    deployments.push({ id: res.body.id });
    return res.body;
  }

  it('a Node.js repository without a Dockerfile: deploy/code → HTTP 200; signed push → new commit; rollback; a failing build keeps the release serving', async () => {
    const pkg = (build?: string) =>
      JSON.stringify({
        name: 'bonjour',
        version: '1.0.0',
        scripts: { start: 'node server.js', ...(build ? { build } : {}) },
      });
    git.createRepository('sans-dockerfile', {
      'package.json': pkg(),
      'server.js': nodeServer('Bonjour v1'),
    });
    const app = await deployCode(`${prefix} sans`, 'sans-dockerfile');
    expect((await finishedBuild(call, app.build_id)).status).toBe('success');
    await serving(call, app.id, 'Bonjour v1');

    // Push to deploy: a signed GitHub delivery of a changed response.
    const secret = (await call<{ secret: string }>('POST', `/deployments/${app.id}/webhook/secret`))
      .body.secret;
    const sha2 = git.commit(
      'sans-dockerfile',
      { 'server.js': nodeServer('Bonjour v2') },
      'Réponse v2',
    );
    const pushed = await pushWebhook(server, app.id, secret, sha2);
    expect(pushed.status).toBe(202);
    const second = await finishedBuild(
      call,
      ((await pushed.json()) as { build_id: string }).build_id,
    );
    expect(second).toMatchObject({ status: 'success', commit_sha: sha2 });
    await serving(call, app.id, 'Bonjour v2');

    // Rollback: release 1's exact image serves again.
    const releases = (
      await call<{ id: string; numero: number }[]>('GET', `/deployments/${app.id}/releases`)
    ).body;
    const first = releases.find((r) => r.numero === 1)!;
    expect(
      (await call('POST', `/deployments/${app.id}/releases/${first.id}/rollback`)).status,
    ).toBe(202);
    await serving(call, app.id, 'Bonjour v1');

    // A syntax error fails the build (its `node --check` step): release 1 keeps serving.
    const broken = git.commit(
      'sans-dockerfile',
      {
        'package.json': pkg('node --check server.js'),
        'server.js':
          'require("http").createServer((q, s) => { s.end("x") ).listen(process.env.PORT);\n',
      },
      'Erreur de syntaxe',
    );
    const failedPush = await pushWebhook(server, app.id, secret, broken);
    const failed = await finishedBuild(
      call,
      ((await failedPush.json()) as { build_id: string }).build_id,
    );
    expect(failed.status).toBe('failed');
    expect(await buildLog(server, token, failed.build_id)).toContain('SyntaxError');
    const page = await call<{
      builds: { build_id: string; status: string; error_message: string | null }[];
    }>('GET', '/standalone-builds/images?status_filter=failed');
    expect(page.body.builds.find((b) => b.build_id === failed.build_id)).toMatchObject({
      status: 'failed',
      error_message: expect.any(String),
    });
    const detail = (
      await call<{ status: string; current_release: { numero: number }; application_url: string }>(
        'GET',
        `/deployments/deployment/${app.id}`,
      )
    ).body;
    expect(detail).toMatchObject({ status: 'RUNNING', current_release: { numero: 1 } });
    expect(await getFresh(`${detail.application_url}/`)).toEqual({
      status: 200,
      body: 'Bonjour v1',
    });

    // Health-gated: a commit that builds but exits at start never replaces release 1, which
    // answers every request meanwhile; the application says why in French.
    const exiting = git.commit(
      'sans-dockerfile',
      { 'server.js': 'console.error("configuration absente");\nprocess.exit(1);\n' },
      'Sort au démarrage',
    );
    const exitPush = await pushWebhook(server, app.id, secret, exiting);
    const exitBuildId = ((await exitPush.json()) as { build_id: string }).build_id;
    const { answers, detail: gated } = await requestUntilRolloutError(
      call,
      app.id,
      detail,
      exitBuildId,
    );
    expect((await finishedBuild(call, exitBuildId)).status).toBe('success');
    expect(gated.rollout_error).toMatch(
      /^La version 3 n’a pas démarré : le conteneur (s’est arrêté \(code de sortie 1\)|redémarre en boucle).* ; la version 1 reste en ligne\.$/,
    );
    expect(gated.rollout_error).toContain('configuration absente');
    expect(gated.current_release?.numero).toBe(1);
    expect(new Set(answers)).toEqual(new Set(['200 Bonjour v1']));
    const listed = (await call<ReleaseView[]>('GET', `/deployments/${app.id}/releases`)).body;
    expect(listed.find((r) => r.numero === 3)).toMatchObject({
      is_current: false,
      rollout_error: expect.stringContaining('configuration absente'),
    });
    await serving(call, app.id, 'Bonjour v1');
  }, 1_500_000);

  it('a private repository: wrong token, missing branch and a bad webhook signature answer in French, writing nothing', async () => {
    const privateGit = await startGitServer({ token: 'le-bon-token' });
    try {
      privateGit.createRepository('prive', {
        'package.json': '{"name":"p"}',
        'server.js': nodeServer('privé'),
      });
      const tokenOf = async (value: string) =>
        (
          await call<{ id: string }>('POST', `/projects/${projectId}/git-tokens`, {
            nom: value,
            token: value,
          })
        ).body.id;
      const before = (await call<unknown[]>('GET', `/deployments/${envId}/deployments`)).body
        .length;
      const body = (tokenId: string, branch = 'main') => ({
        nom: `${prefix} privé`,
        cpu: 0.5,
        ram: 0.5,
        replicas: 1,
        type_application: 'nodejs',
        git_branch: branch,
        repository_access: { repository_url: privateGit.url('prive'), git_token_id: tokenId },
      });
      const wrong = await call<{ detail: { loc: string[]; msg: string }[] }>(
        'POST',
        `/deployments/${envId}/deploy/code`,
        body(await tokenOf('mauvais')),
      );
      expect(wrong.status).toBe(422);
      expect(wrong.body.detail[0]!.loc).toEqual(['body', 'repository_access', 'git_token_id']);
      expect(wrong.body.detail[0]!.msg).toMatch(/token/i);
      const good = await tokenOf('le-bon-token');
      const branch = await call<{ detail: { loc: string[]; msg: string }[] }>(
        'POST',
        `/deployments/${envId}/deploy/code`,
        body(good, 'inexistante'),
      );
      expect(branch.status).toBe(422);
      expect(branch.body.detail[0]!.loc).toEqual(['body', 'git_branch']);
      expect(branch.body.detail[0]!.msg).toContain('inexistante');
      expect((await call<unknown[]>('GET', `/deployments/${envId}/deployments`)).body.length).toBe(
        before,
      );

      // With the right token the repository is read: the application is created.
      const ok = await call<{ id: string; build_id: string }>(
        'POST',
        `/deployments/${envId}/deploy/code`,
        body(good),
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      deployments.push({ id: ok.body.id });
      await call('POST', `/builds/${ok.body.build_id}/cancel`);
      const secret = (
        await call<{ secret: string }>('POST', `/deployments/${ok.body.id}/webhook/secret`)
      ).body.secret;
      const forged = await pushWebhook(server, ok.body.id, `${secret}-faux`, 'a'.repeat(40));
      expect(forged.status).toBe(401);
      expect(await forged.json()).toEqual({ detail: 'Signature du webhook invalide.' });
      const builds = (await call<{ total: number }>('GET', `/deployments/${ok.body.id}/builds`))
        .body;
      expect(builds.total).toBe(1);
    } finally {
      await privateGit.close();
    }
  }, 300_000);

  it('a repository with its own Dockerfile: deploy/code → HTTP 200 with its output', async () => {
    git.createRepository('avec-dockerfile', {
      Dockerfile: `FROM ${TEST_NODE_IMAGE}\nCOPY server.js /srv/server.js\nEXPOSE 3000\nCMD ["node", "/srv/server.js"]\n`,
      'server.js': nodeServer('Depuis mon Dockerfile', 3000),
    });
    const app = await deployCode(`${prefix} docker`, 'avec-dockerfile');
    const build = await finishedBuild(call, app.build_id);
    expect(build.status, build.error_message ?? '').toBe('success');
    await serving(call, app.id, 'Depuis mon Dockerfile');
    const releases = (
      await call<{ configuration: { port: number } }[]>('GET', `/deployments/${app.id}/releases`)
    ).body;
    expect(releases[0]!.configuration.port).toBe(3000);
  }, 900_000);
  it("a Dockerfile's RUN step reaches neither the host's address nor 169.254.169.254; an allowed address only through the proxy", async () => {
    git.createRepository('sortie-reseau', {
      Dockerfile: `FROM ${TEST_NODE_IMAGE}\nCOPY probe.js server.js /srv/\nRUN node /srv/probe.js\nEXPOSE 3000\nCMD ["node", "/srv/server.js"]\n`,
      'probe.js': PROBE(host, privatePort, allowedPort),
      'server.js': nodeServer('sonde', 3000),
    });
    const app = await deployCode(`${prefix} sortie`, 'sortie-reseau');
    const build = await finishedBuild(call, app.build_id);
    expect(build.status, build.error_message ?? '').toBe('success');
    const log = await buildLog(server, token, app.build_id);
    const seen = (key: string) => new RegExp(`"${key}=([^"]*)"`).exec(log)?.[1];
    expect(seen('direct-private')).toBe('blocked');
    expect(seen('direct-allowed')).toBe('blocked');
    expect(seen('direct-metadata')).toBe('blocked');
    expect(seen('proxy-private')).toMatch(/^403 destination refusée \(réseau privé\)/);
    expect(seen('proxy-metadata')).toMatch(/^403 destination refusée \(réseau privé\)/);
    expect(seen('tunnel-private')).toBe('403');
    expect(seen('proxy-allowed')).toBe('200 comme public');
  }, 600_000);
});
