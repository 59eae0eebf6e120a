// Code applications on Podman (issue 13): push → new release serving, and the platform API's
// p99 while a build runs. The built API with RUNTIME=docker, a Node.js repository (no
// Dockerfile) served by `git http-backend` on loopback, base images made from Debian packages
// (e2e/support/debian-images/build.sh node), the edge proxy on free loopback ports.
//
//   npm run build && DOCKER_HOST=unix:///run/podman/podman.sock node bench/code-push.mjs
//
// 1. Three pushes, one after the other: from the signed GitHub webhook delivery to the new
//    response at application_url (through the edge proxy), polled every 100 ms.
// 2. GET /api/v1/users/me with autocannon, 10 connections × 10 s, while a build runs.
// Every engine object is named from `ndbench-code-<random>` and removed at the end. Appends a
// section to bench/RESULTS.md; exits 1 when a target is missed, 2 when no engine answers.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { client, projectWithEnvironments, verifiedAccount } from './lib/api.mjs';
import { detectEngine, objectsOf, sweep } from './lib/docker-engine.mjs';
import { ensureEdgeImage } from './lib/edge-image.mjs';
import { appendResults, median, seconds } from './lib/report.mjs';
import { buildNote, freePort, repoRoot, sleep, startServer } from './lib/server.mjs';

register();
const { startGitServer } = await import('../e2e/support/git-server/git-server.ts');

const PUSHES = 3;
const TARGET_P99_MS = 50;
const NODE_IMAGE = 'localhost/nuage-test-node:bookworm';

const { engine, socket, skipReason } = await detectEngine();
if (!engine) {
  console.error(`code push benchmark not run: ${skipReason}`);
  process.exit(2);
}

const prefix = `ndbench-code-${randomBytes(3).toString('hex')}`;
const server_js = (text) =>
  `require('http').createServer((q, s) => s.end(${JSON.stringify(text)})).listen(process.env.PORT);\n`;
const get = (url) =>
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

async function until(what, fn, ok, timeoutMs = 600_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what} (${JSON.stringify(v)})`);
    await sleep(everyMs);
  }
}

const deployments = [];
const networks = [];
const edgeName = `${prefix}-edge`;
let git;
let server;
let adminDir;
const pushes = [];
let load;
try {
  execFileSync('bash', [path.join(repoRoot, 'e2e/support/debian-images/build.sh'), 'node'], {
    stdio: 'ignore',
  });
  git = await startGitServer();
  adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-bench-edge-'));
  server = await startServer({
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
  });
  const { token } = await verifiedAccount(server, prefix);
  const call = client(server.url, token);
  const { environments } = await projectWithEnvironments(call, {
    nom: prefix,
    quotas: { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 },
  });
  const env = environments[0];
  networks.push(env.namespace_k8s_id);

  const pkg = JSON.stringify({
    name: 'bench',
    version: '1.0.0',
    scripts: { start: 'node server.js' },
  });
  git.createRepository('bench', { 'package.json': pkg, 'server.js': server_js('version 0') });
  const app = await call('POST', `/deployments/${env.id}/deploy/code`, {
    nom: `${prefix} app`,
    cpu: 0.5,
    ram: 0.5,
    replicas: 1,
    type_application: 'nodejs',
    git_branch: 'main',
    repo_url: git.url('bench'),
  });
  deployments.push({ id: app.id });
  const detailOf = () => call('GET', `/deployments/deployment/${app.id}`);
  const detail = await until(
    'application URL and version 0',
    async () => {
      const d = await detailOf();
      return d.application_url ? { d, page: await get(d.application_url) } : { d };
    },
    (v) => v.page?.body === 'version 0',
  );
  const url = detail.d.application_url;
  const { secret } = await call('POST', `/deployments/${app.id}/webhook/secret`);
  const push = async (sha) => {
    const payload = JSON.stringify({ ref: 'refs/heads/main', after: sha });
    const signature = createHmac('sha256', secret).update(payload).digest('hex');
    const res = await fetch(`${server.url}/api/v1/webhooks/git/${app.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'push',
        'x-hub-signature-256': `sha256=${signature}`,
      },
      body: payload,
    });
    if (res.status !== 202) throw new Error(`webhook answered ${res.status}`);
    return (await res.json()).build_id;
  };

  for (let i = 1; i <= PUSHES; i++) {
    const sha = git.commit('bench', { 'server.js': server_js(`version ${i}`) }, `version ${i}`);
    const t0 = performance.now();
    const buildId = await push(sha);
    const build = await until(
      'build end',
      () => call('GET', `/builds/${buildId}`),
      (b) => !['queued', 'running'].includes(b.status),
    );
    if (build.status !== 'success')
      throw new Error(`build ${i}: ${build.status} ${build.error_message}`);
    const built = performance.now();
    await until(
      `version ${i} served`,
      () => get(url),
      (p) => p.status === 200 && p.body === `version ${i}`,
    );
    const served = performance.now();
    pushes.push({ build: built - t0, total: served - t0 });
    console.log(`push ${i}: built ${seconds(built - t0)}, serving ${seconds(served - t0)}`);
  }

  // The API under load while a build runs (the build started, measured until it ends or 10 s).
  const sha = git.commit('bench', { 'server.js': server_js('version load') }, 'load');
  const buildId = await push(sha);
  await until(
    'build running',
    () => call('GET', `/builds/${buildId}`),
    (b) => b.status === 'running',
    60_000,
    50,
  );
  const opts = {
    url: `${server.url}/api/v1/users/me`,
    headers: { authorization: `Bearer ${token}` },
  };
  const r = await autocannon({ ...opts, connections: 10, duration: 10 });
  const during = await call('GET', `/builds/${buildId}`);
  load = {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    rps: r.requests.average,
    errors: r.errors,
    non2xx: r.non2xx,
    buildStatusAfter: during.status,
    loadavg: os.loadavg(),
  };
  await until(
    'load build end',
    () => call('GET', `/builds/${buildId}`),
    (b) => !['queued', 'running'].includes(b.status),
  );
  for (const d of deployments)
    d.name = (await objectsOf(engine, d.id)).containers[0]?.name.replace(/-\d+(-\d)?$/, '');
  await call('DELETE', `/deployments/deployment/${app.id}`);
  await sleep(3000);
} finally {
  await server?.stop();
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
  await git?.close();
  if (adminDir) await rm(adminDir, { recursive: true, force: true });
}

const totals = pushes.map((p) => p.total);
const met = load.p99 < TARGET_P99_MS && load.errors === 0 && load.non2xx === 0;
await appendResults({
  title: 'Code applications: push → new release serving, API p99 during a build (issue 13)',
  command: `${buildNote}DOCKER_HOST=unix://${socket} node bench/code-push.mjs`,
  lines: [
    `Built API with RUNTIME=docker on Podman (${socket}); a Node.js repository without Dockerfile (package.json + a 1-line http server, no dependencies) served by \`git http-backend\` on loopback; base image \`${NODE_IMAGE}\` (Debian's nodejs, e2e/support/debian-images/build.sh); the edge proxy on loopback. Each push: a signed GitHub delivery of a new commit changing the response, then the new response polled every 100 ms at application_url through the edge proxy (Host header). Build concurrency 1, build limits the defaults (2 cores, 2048 MB).`,
    '',
    '| push | webhook → build success | webhook → new response served |',
    '| ---: | ---: | ---: |',
    ...pushes.map((p, i) => `| ${i + 1} | ${seconds(p.build)} | ${seconds(p.total)} |`),
    `| **median** | ${seconds(median(pushes.map((p) => p.build)))} | **${seconds(median(totals))}** |`,
    '',
    `GET /api/v1/users/me, autocannon 10 connections × 10 s started once a build was running (build status after the load: ${load.buildStatusAfter}): ${Math.round(load.rps)} requests/s, p50 ${load.p50} ms, **p99 ${load.p99} ms**, max ${load.max} ms, ${load.errors} errors, ${load.non2xx} non-2xx; load average right after: ${load.loadavg.map((x) => x.toFixed(2)).join(' / ')}.`,
  ],
  target: `API p99 < ${TARGET_P99_MS} ms while a build runs: **${met ? 'met' : 'missed'}** (${load.p99} ms). Push → serving has no numeric target (median ${seconds(median(totals))}).`,
});
process.exit(met ? 0 : 1);
