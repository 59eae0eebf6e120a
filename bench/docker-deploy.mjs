// Docker driver, deploy to RUNNING: the built API with RUNTIME=docker on the engine at
// DOCKER_HOST (Podman: unix:///run/podman/podman.sock), a WordPress application whose images
// are local busybox stand-ins (nothing is pulled), deployed 5 times one after the other. Each
// time: from the deploy call's response (201, PENDING) to GET /deployments/deployment/{id}
// saying RUNNING, polled every 50 ms; the application is then deleted before the next run.
//
//   npm run build && DOCKER_HOST=unix:///run/podman/podman.sock node bench/docker-deploy.mjs
//
// Every engine object it creates is named or labelled from `ndbench-<random>` and removed at
// the end, failure or not. Appends a section to bench/RESULTS.md; exits 1 when the median
// misses the target, 2 when no engine answers (nothing measured).
import { randomBytes } from 'node:crypto';
import { client, projectWithEnvironments, verifiedAccount } from './lib/api.mjs';
import { detectEngine, objectsOf, prepareWordpressImages, sweep } from './lib/docker-engine.mjs';
import { appendResults, median, ms } from './lib/report.mjs';
import { buildNote, sleep, startServer } from './lib/server.mjs';

const RUNS = 5;
const TARGET_MS = 3000;
const POLL_MS = 50;

const { engine, socket, skipReason } = await detectEngine();
if (!engine) {
  console.error(`docker deploy benchmark not run: ${skipReason}`);
  process.exit(2);
}

const prefix = `ndbench-${randomBytes(3).toString('hex')}`;
const deployments = []; // { id, name } of everything deployed, for the sweep
const networks = [];
let images;
let server;
const runs = [];
try {
  images = await prepareWordpressImages(engine, prefix);
  server = await startServer({
    RUNTIME: 'docker',
    DOCKER_HOST: `unix://${socket}`,
    IMAGE_OVERRIDES: images.imageOverrides,
  });
  const { token } = await verifiedAccount(server, prefix);
  const call = client(server.url, token);
  const { environments } = await projectWithEnvironments(call, {
    nom: prefix,
    quotas: { quota_cpu: 8, quota_ram: 16, quota_stockage: 100 },
  });
  const env = environments[0];
  networks.push(env.namespace_k8s_id);

  for (let i = 1; i <= RUNS; i++) {
    const called = performance.now();
    const created = await call('POST', `/deployments/${env.id}/deploy/erp`, {
      nom: `${prefix} ${i}`,
      cpu: 0.5,
      ram: 0.5,
      storage: 1,
      replicas: 1,
      type_application: 'wordpress',
      image_registry_url: images.app.repository,
      image_tag: images.app.tag,
    });
    const answered = performance.now();
    deployments.push({ id: created.id });
    let detail;
    for (;;) {
      detail = await call('GET', `/deployments/deployment/${created.id}`);
      if (detail.status === 'RUNNING') break;
      if (detail.status === 'FAILED') throw new Error(`run ${i} FAILED: ${detail.status_reason}`);
      if (performance.now() - answered > 120_000) throw new Error(`run ${i}: not RUNNING in 2 min`);
      await sleep(POLL_MS);
    }
    const running = performance.now();
    const page = await fetch(detail.application_url);
    if (!page.ok) throw new Error(`run ${i}: ${detail.application_url} answered ${page.status}`);
    runs.push({ call: answered - called, toRunning: running - answered });
    console.log(
      `run ${i}: deploy call ${ms(answered - called)}, response → RUNNING ${ms(running - answered)}`,
    );

    const name = detail.pods_status.find((p) => p.name.endsWith('-db'))?.name.slice(0, -3);
    deployments.at(-1).name = name;
    await call('DELETE', `/deployments/deployment/${created.id}`);
    const deadline = Date.now() + 120_000;
    while (
      (await fetch(`${server.url}/api/v1/deployments/deployment/${created.id}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.status)) !== 404
    ) {
      if (Date.now() > deadline) throw new Error(`run ${i}: not deleted after 2 min`);
      await sleep(200);
    }
    const left = await objectsOf(engine, created.id, name);
    if (left.containers.length || left.volumes.length) {
      throw new Error(`run ${i}: left in the engine after delete: ${JSON.stringify(left)}`);
    }
  }
  await call('DELETE', `/environments/${env.id}`);
  const deadline = Date.now() + 60_000;
  while ((await engine.network(env.namespace_k8s_id)) && Date.now() < deadline) await sleep(200);
} finally {
  await server?.stop();
  await sweep(engine, { deployments, networks });
  await images?.cleanup();
}

const toRunning = runs.map((r) => r.toRunning);
const met = median(toRunning) < TARGET_MS;
await appendResults({
  title: 'Docker driver: deploy call to RUNNING (engine issue)',
  command: `${buildNote}DOCKER_HOST=unix://${socket} node bench/docker-deploy.mjs`,
  lines: [
    `Built API with RUNTIME=docker on Podman's Docker-compatible API (${socket}); one WordPress application (cpu 0.5, ram 0.5 GB, 1 replica) whose application, database (\`docker.io/library/mariadb:10.11\`) and wp-cli (\`docker.io/library/wordpress:cli\`) images are local busybox stand-ins (an httpd on 80, an httpd on 3306, a \`wp\` that exits 0): what is measured is the platform and the engine (network, volumes, three containers, readiness probes, the setup task, the balancer), not image pulls or MariaDB's boot. Deployed ${RUNS} times one after the other in one environment, each deleted (and checked gone from the engine) before the next; GET polled every ${POLL_MS} ms.`,
    '',
    '| run | deploy call (201) | response → RUNNING |',
    '| ---: | ---: | ---: |',
    ...runs.map((r, i) => `| ${i + 1} | ${ms(r.call)} | ${ms(r.toRunning)} |`),
    `| **median** | ${ms(median(runs.map((r) => r.call)))} | **${ms(median(toRunning))}** |`,
    '',
    `min ${ms(Math.min(...toRunning))}, max ${ms(Math.max(...toRunning))}.`,
  ],
  target: `median < ${TARGET_MS / 1000} s from the deploy call's response to RUNNING: **${met ? 'met' : 'MISSED'}** (${ms(median(toRunning))}).`,
});
if (!met) process.exitCode = 1;
