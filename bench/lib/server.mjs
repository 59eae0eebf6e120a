// Starts the built API (which serves the built web app) for a benchmark, as e2e/helpers/server.ts
// does for the browser tests. E2E_API_ENTRY and WEB_DIST_DIR point at a build made elsewhere
// (defaults: apps/api/dist/main.js and apps/web/dist).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const apiEntry = path.resolve(
  process.env.E2E_API_ENTRY ?? path.join(repoRoot, 'apps/api/dist/main.js'),
);
/** How to rebuild what a benchmark runs, for the RESULTS.md command line. */
export const buildNote = process.env.E2E_API_ENTRY
  ? `E2E_API_ENTRY=${process.env.E2E_API_ENTRY}${process.env.WEB_DIST_DIR ? ` WEB_DIST_DIR=${process.env.WEB_DIST_DIR}` : ''} `
  : '';

/** The PostgreSQL server that benchmarks compare with (trust auth), without a database name. */
export const pgServerUrl = (
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'
).replace(/\/+$/, '');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const newDataDir = () => mkdtemp(path.join(os.tmpdir(), 'nuage-bench-'));

/**
 * Spawns `node <apiEntry>` on a free port and resolves once GET /api/v1/health answers ok.
 * `env.DATA_DIR` reuses a directory (kept on stop); otherwise a fresh one is made and removed.
 * `healthyAfterMs` is the time from spawn to the first ok answer (polled every `pollMs`).
 * `entry` runs another build (another version measured side by side); `nodeArgs` go before it
 * (`--cpu-prof` and its directory, for a profile written at the stop).
 */
export async function startServer(
  env = {},
  { pollMs = 100, timeoutMs = 60_000, entry = apiEntry, nodeArgs = [] } = {},
) {
  const port = await freePort();
  const ownDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? (await newDataDir());
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      RUNTIME: 'simulation',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const deadline = Date.now() + timeoutMs;
  let healthyAfterMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${entry}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) {
        healthyAfterMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${output}`);
    await sleep(pollMs);
  }

  return {
    url,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    child,
    healthyAfterMs,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
