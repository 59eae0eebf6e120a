// Simulation driver, 200 applications at once: the built API (RUNTIME=simulation), one
// project with quota for 200 applications over 4 environments, 200 deploy calls sent together
// (each on its own socket: Node's fetch pool would otherwise queue them in this process and the
// server would see them trickle in); time until every application is RUNNING, and meanwhile a
// steady light load: one autocannon connection sending 20 requests/s, evenly spaced, on
// GET /api/v1/deployments/{envId}/deployments, whose p99 is the API's latency during the
// convergence. Several connections sharing a rate fire in synchronised bursts and measure their
// own queueing; one paced connection measures what a user polling the page sees.
//
//   npm run build && node bench/simulation-200.mjs
//
// Appends a section to bench/RESULTS.md; exits 1 when a target is missed.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { client, projectWithEnvironments, verifiedAccount } from './lib/api.mjs';
import { appendResults, ms, percentile, seconds } from './lib/report.mjs';
import { buildNote, sleep, startServer } from './lib/server.mjs';

const APPS = 200;
const ENVIRONMENTS = 4;
const LOAD_CONNECTIONS = 1;
const LOAD_RATE = 20; // requests per second, all connections together
const POLL_MS = 500;
const TARGET_P99_MS = 50;
const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

/** POST with node:http on `agent` (one socket per call): a non-2xx answer throws. */
function postOnOwnSocket(agent, url, token, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          res.statusCode >= 200 && res.statusCode < 300
            ? resolve(JSON.parse(text))
            : reject(new Error(`POST ${url}: ${res.statusCode} ${text.slice(0, 300)}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function run(serverEnv) {
  const server = await startServer(serverEnv);
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
    const agent = new http.Agent({ keepAlive: false, maxSockets: APPS });
    const created = await Promise.all(
      Array.from({ length: APPS }, async (_, i) => {
        const t = performance.now();
        const app = await postOnOwnSocket(
          agent,
          `${server.url}/api/v1/deployments/${environments[i % ENVIRONMENTS].id}/deploy/erp`,
          token,
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
    // The same light load once everything runs (the engine only observes now, every 30 s per
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
  return figures;
}

/** The same run on a fresh PostgreSQL database (queries leave the API's main thread). */
async function runOnPostgres() {
  const database = `nuage_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database}`);
    return await run({ DATABASE_URL: `${PG_SERVER}/${database}` });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

const runs = [
  ['embedded PostgreSQL', await run({})],
  ['PostgreSQL 127.0.0.1:5432', await runOnPostgres()],
];
const metOn = (f) => f.load.p99 < TARGET_P99_MS && f.running === APPS && f.load.errors === 0;
const row = (label, pick) => `| ${label} | ${runs.map(([, f]) => pick(f)).join(' | ')} |`;
await appendResults({
  title: 'Simulation driver: 200 applications at once (engine issue)',
  command: `${buildNote}node bench/simulation-200.mjs`,
  lines: [
    `Built API, RUNTIME=simulation, once on its embedded PostgreSQL and once on the PostgreSQL server of DATABASE_URL. One project, ${ENVIRONMENTS} environments, ${APPS} deploy calls sent together on ${APPS} sockets (WordPress and Odoo alternately, cpu 0.1, ram 0.5 GB, 1 replica; ${APPS / ENVIRONMENTS} per environment); convergence polled every ${POLL_MS} ms on the ${ENVIRONMENTS} environments' lists. Meanwhile a steady light load: autocannon, ${LOAD_CONNECTIONS} connection sending ${LOAD_RATE} requests/s evenly spaced, on \`GET /api/v1/deployments/{envId}/deployments\` (an environment of ${APPS / ENVIRONMENTS} applications), from 0.5 s before the burst until all are RUNNING.`,
    '',
    `| figure | ${runs.map(([label]) => label).join(' | ')} |`,
    `| --- | ${runs.map(() => '---:').join(' | ')} |`,
    row(`all ${APPS} deploy calls answered (201) after`, (f) => seconds(f.answeredAfter)),
    row(
      'one deploy call: p50 / p99 / max',
      (f) => `${ms(f.callsP50)} / ${ms(f.callsP99)} / ${ms(f.callsMax)}`,
    ),
    row(
      '**all RUNNING** after the first call',
      (f) => `**${seconds(f.runningAfter)}** (${f.running} RUNNING, ${f.failed} FAILED)`,
    ),
    row('light load during convergence: requests', (f) => String(f.load.requests)),
    row(
      'light load during convergence: p50 / **p99** / max',
      (f) => `${f.load.p50} ms / **${f.load.p99} ms** / ${f.load.max} ms`,
    ),
    row('light load during convergence: errors and non-2xx', (f) => String(f.load.errors)),
    row(
      'same load for 10 s once all RUNNING: p50 / p99 / max',
      (f) => `${f.settled.p50} ms / ${f.settled.p99} ms / ${f.settled.max} ms`,
    ),
  ],
  target: `all ${APPS} RUNNING and API p99 < ${TARGET_P99_MS} ms during the convergence: ${runs
    .map(
      ([label, f]) =>
        `${label} **${metOn(f) ? 'met' : 'MISSED'}** (p99 ${f.load.p99} ms, ${f.running}/${APPS} RUNNING)`,
    )
    .join('; ')}.`,
});
if (!runs.every(([, f]) => metOn(f))) process.exitCode = 1;
