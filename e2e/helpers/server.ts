import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyTemplate, fromTemplateAllowed } from './data-dir-template';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built API; E2E_API_ENTRY points elsewhere when a parallel build used API_OUT_DIR. */
export const apiEntry = process.env.E2E_API_ENTRY ?? path.join(repoRoot, 'apps/api/dist/main.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  outboxDir: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr (log lines). */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the built server (`npm run build` first) as `npm start` would, on a free port with a
 * fresh DATA_DIR, the embedded database and the simulation runtime unless told otherwise.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-'));
    if (fromTemplateAllowed(env)) await copyTemplate(dataDir, apiEntry, launch);
  }
  return launch(env, dataDir);
}

async function launch(env: Record<string, string>, dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [apiEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      RUNTIME: 'simulation',
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy after 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
