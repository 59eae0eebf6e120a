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
import { createHmac, randomBytes } from 'node:crypto';
import os from 'node:os';
import { detectEngine } from './lib/docker-engine.mjs';
import {
  buildSucceeded,
  getPage as get,
  NODE_IMAGE,
  serverJs as server_js,
  startCodePlatform,
  until,
} from './lib/code-platform.mjs';
import { appendResults, median, seconds } from './lib/report.mjs';
import { buildNote } from './lib/server.mjs';

const PUSHES = 3;
const TARGET_P99_MS = 50;

const { engine, socket, skipReason } = await detectEngine();
if (!engine) {
  console.error(`code push benchmark not run: ${skipReason}`);
  process.exit(2);
}

const prefix = `ndbench-code-${randomBytes(3).toString('hex')}`;
const platform = await startCodePlatform({ engine, socket, prefix });
const pushes = [];
let load;
try {
  const { call, git, server, token, environment: env, deployments } = platform;

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
    await buildSucceeded(call, buildId);
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
  await call('DELETE', `/deployments/deployment/${app.id}`);
} finally {
  await platform.cleanup();
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
