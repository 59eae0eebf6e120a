// Simulation driver, 200 applications at once: the built API (RUNTIME=simulation, PGlite), one
// project with quota for 200 applications over 4 environments, 200 deploy calls sent together;
// time until every application is RUNNING, and meanwhile a steady light load (autocannon,
// 10 connections sending 20 requests/s in all on GET /api/v1/deployments/{envId}/deployments)
// whose p99 is the API's latency during the convergence. The load is rate-limited on purpose:
// an unthrottled autocannon saturates the server and measures its own queue, not the API.
//
//   npm run build && node bench/simulation-200.mjs
//
// Appends a section to bench/RESULTS.md; exits 1 when a target is missed.
import autocannon from 'autocannon';
import { client, projectWithEnvironments, verifiedAccount } from './lib/api.mjs';
import { appendResults, ms, percentile, seconds } from './lib/report.mjs';
import { buildNote, sleep, startServer } from './lib/server.mjs';

const APPS = 200;
const ENVIRONMENTS = 4;
const LOAD_CONNECTIONS = 10;
const LOAD_RATE = 20; // requests per second, all connections together
const POLL_MS = 500;
const TARGET_P99_MS = 50;

const server = await startServer();
let figures;
try {
  const { token } = await verifiedAccount(server, 'sim200');
  const call = client(server.url, token);
  const { environments } = await projectWithEnvironments(call, {
    nom: 'Simulation 200',
    quotas: { quota_cpu: 1000, quota_ram: 4096, quota_stockage: 100000 },
    count: ENVIRONMENTS,
  });
  const listPath = (env) => `/deployments/${env.id}/deployments`;

  // The light load runs from just before the burst until everything is RUNNING.
  let loadResult;
  const loadDone = new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.url}/api/v1${listPath(environments[0])}`,
        headers: { authorization: `Bearer ${token}` },
        connections: LOAD_CONNECTIONS,
        overallRate: LOAD_RATE,
        duration: 900,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    loadResult = { stop: () => instance.stop() };
  });
  await sleep(500);

  const burstStart = performance.now();
  const callTimes = [];
  const created = await Promise.all(
    Array.from({ length: APPS }, async (_, i) => {
      const t = performance.now();
      const app = await call(
        'POST',
        `/deployments/${environments[i % ENVIRONMENTS].id}/deploy/erp`,
        {
          nom: `App ${i + 1}`,
          cpu: 0.1,
          ram: 0.5,
          storage: 1,
          replicas: 1,
          type_application: i % 2 ? 'odoo' : 'wordpress',
        },
      );
      callTimes.push(performance.now() - t);
      return app;
    }),
  );
  const allAnswered = performance.now();

  let running = 0;
  let failed = 0;
  for (;;) {
    const lists = await Promise.all(environments.map((env) => call('GET', listPath(env))));
    const all = lists.flat();
    running = all.filter((d) => d.statut_deploiement === 'RUNNING').length;
    failed = all.filter((d) => d.statut_deploiement === 'FAILED').length;
    if (running + failed >= created.length) break;
    if (performance.now() - burstStart > 15 * 60_000) throw new Error(`only ${running} RUNNING`);
    await sleep(POLL_MS);
  }
  const allRunning = performance.now();
  loadResult.stop();
  const load = await loadDone;
  // The same light load once everything runs (the engine only observes now, every 15 s per
  // application): what the endpoint costs by itself, to compare with the figure above.
  const settled = await autocannon({
    url: `${server.url}/api/v1${listPath(environments[0])}`,
    headers: { authorization: `Bearer ${token}` },
    connections: LOAD_CONNECTIONS,
    overallRate: LOAD_RATE,
    duration: 10,
  });
  const summary = (r) => ({
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.non2xx,
  });

  figures = {
    callsP50: percentile(callTimes, 50),
    callsP99: percentile(callTimes, 99),
    callsMax: Math.max(...callTimes),
    answeredAfter: allAnswered - burstStart,
    runningAfter: allRunning - burstStart,
    running,
    failed,
    load: summary(load),
    settled: summary(settled),
  };
} finally {
  await server.stop();
}

const f = figures;
const met = f.load.p99 < TARGET_P99_MS && f.running === APPS && f.load.errors === 0;
await appendResults({
  title: 'Simulation driver: 200 applications at once (engine issue)',
  command: `${buildNote}node bench/simulation-200.mjs`,
  lines: [
    `Built API, RUNTIME=simulation, PGlite. One project, ${ENVIRONMENTS} environments, ${APPS} deploy calls sent together (WordPress and Odoo alternately, cpu 0.1, ram 0.5 GB, 1 replica; ${APPS / ENVIRONMENTS} per environment); convergence polled every ${POLL_MS} ms on the ${ENVIRONMENTS} environments' lists. Meanwhile a steady light load: autocannon, ${LOAD_CONNECTIONS} connections sending ${LOAD_RATE} requests/s in all (\`overallRate\`), on \`GET /api/v1/deployments/{envId}/deployments\` (an environment of ${APPS / ENVIRONMENTS} applications), from 0.5 s before the burst until all are RUNNING.`,
    '',
    '| figure | value |',
    '| --- | ---: |',
    `| all ${APPS} deploy calls answered (201) after | ${seconds(f.answeredAfter)} |`,
    `| one deploy call: p50 / p99 / max | ${ms(f.callsP50)} / ${ms(f.callsP99)} / ${ms(f.callsMax)} |`,
    `| **all RUNNING** after the first call | **${seconds(f.runningAfter)}** (${f.running} RUNNING, ${f.failed} FAILED) |`,
    `| API under the light load: requests, requests/s | ${f.load.requests}, ${f.load.rps.toFixed(0)} |`,
    `| API under the light load: p50 / **p99** / max | ${f.load.p50} ms / **${f.load.p99} ms** / ${f.load.max} ms |`,
    `| API under the light load: errors and non-2xx | ${f.load.errors} |`,
    `| same load for 10 s once all are RUNNING: p50 / p99 / max (errors) | ${f.settled.p50} ms / ${f.settled.p99} ms / ${f.settled.max} ms (${f.settled.errors}) |`,
  ],
  target: `all ${APPS} RUNNING and API p99 < ${TARGET_P99_MS} ms during the convergence: **${met ? 'met' : 'MISSED'}** (p99 ${f.load.p99} ms, ${f.running}/${APPS} RUNNING).`,
});
if (!met) process.exitCode = 1;
