import { readdir, readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from './helpers/accounts';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The built server with nothing but a fresh DATA_DIR, as `npm start` runs it: its own PostgreSQL
 * server as a child process. Killed with SIGKILL, the server process leaves that database
 * server running: the next start stops it before starting its own, so none is left over.
 * Killed with SIGKILL, the database server is restarted by the platform.
 */

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-embedded-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = await startServer({ DATA_DIR: dataDir });
  servers.push(server);
  return server;
}

/** Every process running PostgreSQL on this DATA_DIR (the postmaster and its workers). */
async function databaseProcesses(): Promise<{ pid: number; parent: number }[]> {
  const found: { pid: number; parent: number }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes(`${path.join(dataDir, 'postgres')}\0`)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    found.push({
      pid: Number(entry),
      parent: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]),
    });
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function healthy(server: RunningServer, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${server.url}/api/v1/health`).catch(() => undefined);
    if (res?.ok) return;
    if (Date.now() > deadline) throw new Error('not healthy again');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function login(server: RunningServer, account: Account) {
  return fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, mot_de_passe: account.password }),
  });
}

describe('the embedded database of `npm start`', () => {
  let account: Account;
  let first: RunningServer;
  let firstPostmaster: number;

  it('serves the app from a fresh DATA_DIR, its database a child process of the platform', async () => {
    first = await start();
    const page = await fetch(`${first.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    account = await createAccount(first);

    const [postmaster, ...others] = await databaseProcesses();
    expect(others).toEqual([]); // workers are named "postgres: …", without the data path
    expect(postmaster!.parent).toBe(first.process.pid);
    firstPostmaster = postmaster!.pid;
    expect(first.output()).toContain('embedded PostgreSQL ready');
  });

  it('restarts the database after a kill -9 of its server, the data intact', async () => {
    process.kill(firstPostmaster, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    await healthy(first);
    expect((await login(first, account)).status).toBe(200);
    const [postmaster] = await databaseProcesses();
    expect(postmaster!.pid).not.toBe(firstPostmaster);
    expect(postmaster!.parent).toBe(first.process.pid);
    firstPostmaster = postmaster!.pid;
  });

  it('leaves no database server behind a killed platform once it starts again', async () => {
    const exited = new Promise((r) => first.process.once('exit', r));
    first.process.kill('SIGKILL');
    await exited;
    servers.splice(servers.indexOf(first), 1);
    // PostgreSQL does not follow its parent: it runs on, an orphan, until the next start.
    expect(alive(firstPostmaster)).toBe(true);

    const second = await start();
    expect(alive(firstPostmaster)).toBe(false);
    const running = await databaseProcesses();
    expect(running).toHaveLength(1);
    expect(running[0]!.parent).toBe(second.process.pid);
    expect((await login(second, account)).status).toBe(200);
    expect(second.output()).toContain('stopping the embedded PostgreSQL left running');

    await second.stop();
    servers.splice(servers.indexOf(second), 1);
    expect(await databaseProcesses()).toEqual([]);
  });
});
