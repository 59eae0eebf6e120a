// Previews of pull requests on Podman (issue 26): pull request opened → its preview serving.
// The built API with RUNTIME=docker (bench/lib/code-platform.mjs), the Node.js sample (no
// Dockerfile) on a `git http-backend` server, a code application with previews on.
//
//   npm run build && DOCKER_HOST=unix:///run/podman/podman.sock node bench/preview-serving.mjs
//
// Three pull requests one after the other, each on its own branch: from the signed GitHub
// `pull_request` delivery (opened) to its code answered at the preview's address through the
// edge proxy (polled every 100 ms); then the request is closed and its preview deleted before
// the next. Appends a section to bench/RESULTS.md; exits 2 when no engine answers.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { detectEngine } from './lib/docker-engine.mjs';
import {
  buildSucceeded,
  getPage,
  NODE_IMAGE,
  serverJs,
  startCodePlatform,
  until,
} from './lib/code-platform.mjs';
import { appendResults, median, seconds } from './lib/report.mjs';
import { buildNote } from './lib/server.mjs';

const REQUESTS = 3;

const { engine, socket, skipReason } = await detectEngine();
if (!engine) {
  console.error(`preview benchmark not run: ${skipReason}`);
  process.exit(2);
}

const prefix = `ndbench-pr-${randomBytes(3).toString('hex')}`;
const runs = [];
const platform = await startCodePlatform({ engine, socket, prefix });
try {
  const { call, git, server, environment, deployments } = platform;
  const pkg = JSON.stringify({
    name: 'bench',
    version: '1.0.0',
    scripts: { start: 'node server.js' },
  });
  git.createRepository('bench', { 'package.json': pkg, 'server.js': serverJs('main') });
  const app = await call('POST', `/deployments/${environment.id}/deploy/code`, {
    nom: 'vitrine',
    cpu: 0.5,
    ram: 0.5,
    replicas: 1,
    type_application: 'nodejs',
    git_branch: 'main',
    repo_url: git.url('bench'),
  });
  deployments.push({ id: app.id });
  await buildSucceeded(call, app.build_id);
  await call('PUT', `/deployments/${app.id}/previews`, { actif: true, cpu: 0.25, ram: 0.5 });
  const { secret } = await call('POST', `/deployments/${app.id}/webhook/secret`);
  const repo = { full_name: 'equipe/bench', clone_url: git.url('bench') };
  const send = async (action, number, branch, sha) => {
    const body = JSON.stringify({
      action,
      number,
      pull_request: {
        number,
        title: `PR ${number}`,
        head: { ref: branch, sha, repo },
        base: { ref: 'main', repo },
      },
      repository: repo,
    });
    const res = await fetch(`${server.url}/api/v1/webhooks/git/${app.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      },
      body,
    });
    if (res.status !== 202) throw new Error(`webhook answered ${res.status}`);
    return res.json();
  };

  for (let n = 1; n <= REQUESTS; n++) {
    const text = `aperçu ${n}`;
    const sha = git.commit('bench', { 'server.js': serverJs(text) }, text, `branche-${n}`);
    const t0 = performance.now();
    const opened = await send('opened', n, `branche-${n}`, sha);
    if (!opened.build_id) throw new Error(`no preview: ${opened.detail}`);
    await buildSucceeded(call, opened.build_id);
    const built = performance.now();
    const previews = await call('GET', `/deployments/${app.id}/previews`);
    const preview = previews.apercus.find((p) => p.id === opened.apercu_id);
    deployments.push({ id: preview.application_id });
    const detail = await until(
      'preview address',
      () => call('GET', `/deployments/deployment/${preview.application_id}`),
      (d) => d.application_url !== null,
    );
    await until(
      `${text} served`,
      () => getPage(detail.application_url),
      (p) => p.status === 200 && p.body === text,
    );
    const served = performance.now();
    runs.push({ build: built - t0, total: served - t0 });
    console.log(`pull request ${n}: built ${seconds(built - t0)}, serving ${seconds(served - t0)}`);
    await send('closed', n, `branche-${n}`, sha);
    await until(
      'preview deleted',
      () => call('GET', `/deployments/${app.id}/previews`),
      (p) => p.apercus.length === 0,
      120_000,
      500,
    );
  }
} finally {
  await platform.cleanup();
}

const totals = runs.map((r) => r.total);
await appendResults({
  title: 'Previews of pull requests: pull request opened → preview serving (issue 26)',
  command: `${buildNote}DOCKER_HOST=unix://${socket} node bench/preview-serving.mjs`,
  lines: [
    `Built API with RUNTIME=docker on Podman (${socket}); the Node.js sample without Dockerfile (package.json + a 1-line http server, no dependencies) served by \`git http-backend\` on loopback; base image \`${NODE_IMAGE}\` (Debian's nodejs); the edge proxy on loopback. Each pull request: a new branch with its commit, the signed GitHub \`pull_request\` delivery (\`opened\`), then its text polled every 100 ms at the preview's application_url through the edge proxy; the request is then closed and its preview deleted before the next. What happens in between: a new environment (network), the application's row (quota), the build of the head commit, the container, the edge route.`,
    '',
    '| pull request | webhook → build success | webhook → preview serving |',
    '| ---: | ---: | ---: |',
    ...runs.map((r, i) => `| ${i + 1} | ${seconds(r.build)} | ${seconds(r.total)} |`),
    `| **median** | ${seconds(median(runs.map((r) => r.build)))} | **${seconds(median(totals))}** |`,
  ],
  target: `No numeric target (issue 26 asks for the figure): median ${seconds(median(totals))} from the opened pull request to its preview serving.`,
});
