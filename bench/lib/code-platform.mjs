// The platform on a Docker-compatible engine for the code benchmarks (code-push, preview-serving):
// the built API with RUNTIME=docker, a `git http-backend` server on loopback, the Debian-built
// Node.js base image, the edge proxy on free loopback ports, one project with one environment.
// Everything it makes is named from `prefix` and removed by `cleanup()`.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { client, projectWithEnvironments, verifiedAccount } from './api.mjs';
import { objectsOf, sweep } from './docker-engine.mjs';
import { ensureEdgeImage } from './edge-image.mjs';
import { freePort, repoRoot, sleep, startServer } from './server.mjs';

register();
const { startGitServer } = await import('../../e2e/support/git-server/git-server.ts');

export const NODE_IMAGE = 'localhost/nuage-test-node:bookworm';

/** A Node.js server answering `text` on the platform's PORT. */
export const serverJs = (text) =>
  `require('http').createServer((q, s) => s.end(${JSON.stringify(text)})).listen(process.env.PORT);\n`;

/** GET / of an application through the edge proxy (its Host header), never throwing. */
export const getPage = (url) =>
  new Promise((resolve) => {
    const u = new URL(url);
    const req = http.get(
      {
        host: '127.0.0.1',
        port: Number(u.port),
        path: '/',
        headers: { host: u.host },
        agent: false,
        timeout: 3000,
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.on('timeout', () => req.destroy());
  });

/** Calls `fn` every `everyMs` until `ok` holds; throws after `timeoutMs`. */
export async function until(what, fn, ok, timeoutMs = 600_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what} (${JSON.stringify(v)})`);
    await sleep(everyMs);
  }
}

/** A build's end (fails unless `success`). */
export async function buildSucceeded(call, buildId) {
  const build = await until(
    'build end',
    () => call('GET', `/builds/${buildId}`),
    (b) => !['queued', 'running'].includes(b.status),
  );
  if (build.status !== 'success') throw new Error(`build ${build.status}: ${build.error_message}`);
  return build;
}

export async function startCodePlatform({ engine, socket, prefix, env = {} }) {
  execFileSync('bash', [path.join(repoRoot, 'e2e/support/debian-images/build.sh'), 'node'], {
    stdio: 'ignore',
  });
  const deployments = [];
  const networks = [];
  const edgeName = `${prefix}-edge`;
  const git = await startGitServer();
  const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-bench-edge-'));
  const server = await startServer({
    RUNTIME: 'docker',
    DOCKER_HOST: `unix://${socket}`,
    GIT_ALLOW_PRIVATE_HOSTS: 'true',
    BUILD_BASE_IMAGES: `node=${NODE_IMAGE}`,
    EDGE_IMAGE: await ensureEdgeImage(socket),
    EDGE_CONTAINER: edgeName,
    EDGE_HTTP_PORT: String(await freePort()),
    EDGE_HTTPS_PORT: String(await freePort()),
    EDGE_LISTEN_HOST: '127.0.0.1',
    EDGE_ADMIN_DIR: adminDir,
    ...env,
  });
  const { token } = await verifiedAccount(server, prefix);
  const call = client(server.url, token);
  const { project, environments } = await projectWithEnvironments(call, {
    nom: prefix,
    quotas: { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 },
  });
  const environment = environments[0];
  networks.push(environment.namespace_k8s_id);
  return {
    server,
    git,
    token,
    call,
    project,
    environment,
    /** Applications (and environments' networks) the benchmark made, swept at the end. */
    deployments,
    networks,
    async cleanup() {
      for (const d of deployments)
        d.name ??= (await objectsOf(engine, d.id)).containers[0]?.name.replace(/-\d+(-\d)?$/, '');
      await server.stop();
      const edge = await engine.inspect(edgeName);
      if (edge) await engine.removeContainer(edge.Id);
      for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
      await sweep(engine, { deployments, networks });
      for (const d of deployments) {
        const refs = execFileSync(
          'podman',
          [
            '--remote',
            'images',
            '--format',
            '{{.Repository}}:{{.Tag}}',
            '--filter',
            `reference=*nuage-builds/${d.id}*`,
          ],
          { encoding: 'utf8' },
        );
        for (const ref of refs.split('\n').filter(Boolean))
          execFileSync('podman', ['--remote', 'rmi', '-f', ref], { stdio: 'ignore' });
      }
      await git.close();
      await rm(adminDir, { recursive: true, force: true });
    },
  };
}
