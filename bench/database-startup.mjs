// Databases of an environment (issue 25), on the docker runtime: from the create call to the
// database accepting connections, per engine (PostgreSQL, MariaDB, Redis; 5 runs each, median),
// then the platform's idle memory with 10 databases running.
//
//   npm run build && DOCKER_HOST=unix:///run/podman/podman.sock node bench/database-startup.mjs
//
// The images are the Debian-built ones the e2e set-up imports under the official names
// (e2e/support/debian-images/build.sh postgres|mariadb|redis): real servers, nothing pulled.
// "Accepting connections" is the engine's own client asking the server inside its container
// (pg_isready, mariadb-admin ping, redis-cli ping), polled every 100 ms from the create call's
// response; the platform's RUNNING is recorded beside it. Every engine object is labelled with
// its deployment and removed at the end, failure or not. Appends a section to bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { client, projectWithEnvironments, verifiedAccount } from './lib/api.mjs';
import { detectEngine, objectsOf, sweep } from './lib/docker-engine.mjs';
import { ensureEdgeImage } from './lib/edge-image.mjs';
import { MiB, processTree, pssKiB } from './lib/memory.mjs';
import { removeTestGuard, testGuardEnv } from './lib/network-guard.mjs';
import { appendResults, median, ms } from './lib/report.mjs';
import { buildNote, freePort, sleep, startServer } from './lib/server.mjs';

const RUNS = 5;
const IDLE_DATABASES = 10;
const SETTLE_MS = 60_000;
const POLL_MS = 100;
/** The Debian-built images' tags (e2e/support/debian-images). */
const VERSIONS = 'postgresql:15-alpine,mariadb:10.11,redis:7';

// Alive and answering on its port, whatever the credentials (on docker the passwords are files
// the entrypoint reads, not in an exec's environment): mariadb-admin ping exits 0 even on
// « Access denied », and Redis answers NOAUTH only once it accepts connections.
const probes = {
  postgresql: ['pg_isready', '-q', '-h', '127.0.0.1', '-p', '5432'],
  mariadb: ['mariadb-admin', 'ping', '-h127.0.0.1', '--silent'],
  redis: ['sh', '-c', 'redis-cli -h 127.0.0.1 ping 2>&1 | grep -qE "PONG|NOAUTH"'],
};

const { engine, socket, skipReason } = await detectEngine();
if (!engine) {
  console.error(`database benchmark not run: ${skipReason}`);
  process.exit(2);
}

const prefix = `ndbench-db-${randomBytes(3).toString('hex')}`;
const deployments = [];
const networks = [];
const runs = { postgresql: [], mariadb: [], redis: [] };
let idle;
let server;

/** The database's container answers its engine's own readiness client (exit code 0). */
async function accepting(id, moteur) {
  const db = (await objectsOf(engine, id)).containers.find(
    (c) => c.component === 'database' && c.state === 'running',
  );
  if (!db) return false;
  const r = spawnSync('podman', ['exec', db.name, ...probes[moteur]], { timeout: 10_000 });
  return r.status === 0;
}

async function untilGone(call, id) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const left = await objectsOf(engine, id);
    const listed = await call('GET', `/databases/${id}`).then(
      () => true,
      () => false,
    );
    if (!listed && left.containers.length === 0 && left.volumes.length === 0) return;
    if (Date.now() > deadline) throw new Error(`database ${id} not gone after 2 min`);
    await sleep(250);
  }
}

// The platform's edge proxy and network guard, of this run only (an environment is active once
// its network has both).
const edgeName = `${prefix}-edge`;
const edgeAdminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-bench-edge-'));
try {
  server = await startServer({
    EDGE_IMAGE: await ensureEdgeImage(socket),
    EDGE_CONTAINER: edgeName,
    EDGE_HTTP_PORT: String(await freePort()),
    EDGE_HTTPS_PORT: String(await freePort()),
    EDGE_LISTEN_HOST: '127.0.0.1',
    EDGE_ADMIN_DIR: edgeAdminDir,
    RUNTIME: 'docker',
    DOCKER_HOST: `unix://${socket}`,
    DATABASE_VERSIONS: VERSIONS,
    ...testGuardEnv(prefix),
  });
  const { token } = await verifiedAccount(server, prefix);
  const call = client(server.url, token);
  const { environments } = await projectWithEnvironments(call, {
    nom: prefix,
    quotas: { quota_cpu: 16, quota_ram: 32, quota_stockage: 200 },
  });
  const env = environments[0];
  networks.push(env.namespace_k8s_id);
  const create = (nom, moteur) =>
    call('POST', `/environments/${env.id}/databases`, {
      nom,
      moteur,
      cpu: 0.5,
      ram: 0.5,
      storage: 1,
    });

  for (const moteur of Object.keys(runs)) {
    for (let i = 1; i <= RUNS; i++) {
      const created = await create(`${moteur.slice(0, 5)}-${i}`, moteur);
      const answered = performance.now();
      deployments.push({ id: created.id });
      let runningAt = null;
      let acceptingAt = null;
      while (runningAt === null || acceptingAt === null) {
        if (performance.now() - answered > 240_000)
          throw new Error(`${moteur} ${i}: not up in 4 min`);
        if (acceptingAt === null && (await accepting(created.id, moteur)))
          acceptingAt = performance.now();
        if (runningAt === null) {
          const d = await call('GET', `/databases/${created.id}`);
          if (d.statut_deploiement === 'FAILED')
            throw new Error(`${moteur} ${i}: ${d.status_reason}`);
          if (d.statut_deploiement === 'RUNNING') runningAt = performance.now();
        }
        await sleep(POLL_MS);
      }
      runs[moteur].push({ accepting: acceptingAt - answered, running: runningAt - answered });
      console.log(
        `${moteur} ${i}: accepting connections ${ms(acceptingAt - answered)}, RUNNING ${ms(runningAt - answered)}`,
      );
      await call('DELETE', `/databases/${created.id}`);
      await untilGone(call, created.id);
    }
  }

  // Ten databases running, then the platform alone at rest (its process tree: Node and the
  // embedded PostgreSQL), and what the database containers themselves use beside it.
  const engines = ['postgresql', 'mariadb', 'redis'];
  const ten = [];
  for (let i = 0; i < IDLE_DATABASES; i++) {
    const moteur = engines[i % engines.length];
    const d = await create(`repos-${i + 1}`, moteur);
    deployments.push({ id: d.id });
    ten.push(d.id);
  }
  const deadline = Date.now() + 300_000;
  for (;;) {
    const views = await Promise.all(ten.map((id) => call('GET', `/databases/${id}`)));
    if (views.every((v) => v.statut_deploiement === 'RUNNING')) break;
    if (Date.now() > deadline) throw new Error('10 databases not RUNNING after 5 min');
    await sleep(1000);
  }
  await sleep(SETTLE_MS);
  const platform = MiB(await pssKiB(await processTree(server.child.pid)));
  const stats = spawnSync(
    'podman',
    ['stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}', ...(await containersOf(ten))],
    { encoding: 'utf8' },
  ).stdout;
  idle = { platform, containers: stats.trim().split('\n') };
  console.log(`idle with ${IDLE_DATABASES} databases: platform ${platform.toFixed(0)} MiB PSS`);
} finally {
  await server?.stop();
  // The edge first: a network it is still attached to cannot be removed.
  const edge = await engine.inspect(edgeName);
  if (edge) await engine.removeContainer(edge.Id);
  for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
  await sweep(engine, { deployments, networks });
  await removeTestGuard(engine, prefix);
  await rm(edgeAdminDir, { recursive: true, force: true });
}

async function containersOf(ids) {
  const names = [];
  for (const id of ids)
    for (const c of (await objectsOf(engine, id)).containers)
      if (c.component === 'database') names.push(c.name);
  return names;
}

const row = (moteur) => {
  const r = runs[moteur];
  return `| ${moteur} | ${r.map((x) => ms(x.accepting)).join(', ')} | **${ms(median(r.map((x) => x.accepting)))}** | ${ms(median(r.map((x) => x.running)))} |`;
};
await appendResults({
  title: 'Databases of an environment: create call → accepting connections, idle memory with 10',
  command: `${buildNote}DOCKER_HOST=unix://${socket} node bench/database-startup.mjs`,
  lines: [
    `Built API with RUNTIME=docker on Podman (${socket}), the Debian-built images under the official names (\`${VERSIONS}\`), each database 0.5 CPU, 0.5 GB, 1 GB. ${RUNS} databases per engine created one after the other, each deleted (and checked gone from the engine) before the next. "Accepting" is the engine's own client inside the container (pg_isready, mariadb-admin ping, redis-cli ping), polled every ${POLL_MS} ms from the create call's response; "RUNNING" is the platform's status (the password task done).`,
    '',
    '| engine | accepting connections, runs | median | median to RUNNING |',
    '| --- | --- | ---: | ---: |',
    row('postgresql'),
    row('mariadb'),
    row('redis'),
    '',
    `Idle with ${IDLE_DATABASES} databases running (4 PostgreSQL, 3 MariaDB, 3 Redis), ${SETTLE_MS / 1000} s after the last was RUNNING: the platform's process tree (Node and its embedded PostgreSQL) **${idle.platform.toFixed(0)} MiB PSS**. The database containers themselves (podman stats):`,
    '',
    '```',
    ...idle.containers,
    '```',
  ],
  target: `none set by issue 25 (recorded to compare). Measured ${process.env.BENCH_NOTE ? 'under load' : 'alone'}.`,
});
