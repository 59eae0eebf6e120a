// Where the idle CPU of a settled platform goes, process by process (issue 32): the built API with
// 50 applications (5 projects × 2 environments × 5; RUNTIME=simulation, LOG_LEVEL=info) on its
// embedded PostgreSQL, left alone, then each process's CPU over the window: the platform, the
// database's checkpointer, WAL writer and connections, and what the postmaster collected from
// processes that ended meanwhile (autovacuum workers, closed connections).
// bench/hot-path.mjs gives the idle figure itself; bench/idle-census.mjs the statements.
//
//   npm run build && node bench/idle-by-process.mjs
//   BENCH_IDLE_SETTLE_S=200 BENCH_IDLE_CPU_S=180 BENCH_CPU_PROF_DIR=/tmp/idle …
//
// Prints the processes that used CPU in the window; writes nothing to RESULTS.md.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { client, verifiedAccount } from './lib/api.mjs';
import { processTree } from './lib/memory.mjs';
import { seedApplications } from './lib/seed.mjs';
import { newDataDir, sleep, startServer } from './lib/server.mjs';

const SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_S ?? 120);
const SPAN_S = Number(process.env.BENCH_IDLE_CPU_S ?? 180);
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
const TICK_MS = 10;

const dataDir = await newDataDir();
const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
const server = await startServer({ LOG_LEVEL: 'info', DATA_DIR: dataDir }, { nodeArgs });

/** Each live process of the platform and its database: own CPU and its reaped children's (ms). */
async function snapshot() {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  const out = new Map();
  for (const pid of [server.child.pid, ...(await processTree(postmaster))]) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const title = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''))
      .replaceAll('\0', ' ')
      .trim();
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(pid, {
      title:
        pid === server.child.pid ? 'platform (node)' : pid === postmaster ? 'postmaster' : title,
      own: (Number(f[11]) + Number(f[12])) * TICK_MS,
      children: (Number(f[13]) + Number(f[14])) * TICK_MS,
    });
  }
  return out;
}

try {
  const { token } = await verifiedAccount(server, 'idle-by-process');
  await seedApplications(client(server.url, token), { projects: 5, envs: 2, apps: 5 });
  await sleep(SETTLE_S * 1000);
  const before = await snapshot();
  await sleep(SPAN_S * 1000);
  const after = await snapshot();
  let total = 0;
  console.log(`| process | CPU over ${SPAN_S} s | % of a core |`);
  console.log('| --- | ---: | ---: |');
  for (const [pid, now] of after) {
    const was = before.get(pid) ?? { own: 0, children: 0 };
    const ms = now.own - was.own + (now.children - was.children);
    total += ms;
    if (ms === 0) continue; // a process that did nothing (most connections): not listed
    const name = before.has(pid) ? now.title : `${now.title} (started in the window)`;
    console.log(`| ${name} | ${ms} ms | ${((100 * ms) / (SPAN_S * 1000)).toFixed(3)} |`);
  }
  console.log(`| all | ${total} ms | ${((100 * total) / (SPAN_S * 1000)).toFixed(3)} |`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
