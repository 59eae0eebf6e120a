import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedPostgresError } from './binaries';
import { isAlive } from '../../lib/process-alive';
import { describeProcess, waitForExit } from './process-info';
import type { ServerLog } from './server-log';

/** DATA_DIR/postgres-owner.json: which platform process started the running server. */
export const ownerFileOf = (clusterDir: string) => `${clusterDir}-owner.json`;

export async function recordOwner(clusterDir: string) {
  await writeFile(ownerFileOf(clusterDir), JSON.stringify({ pid: process.pid }), { mode: 0o600 });
}

/**
 * A platform process killed with SIGKILL leaves its server running (PostgreSQL does not watch
 * its parent). Before starting, such a server is shut down, so none is ever left over after
 * the next start. A server whose parent is the live process that recorded itself as the owner
 * belongs to a platform still running on this DATA_DIR: refused, never stopped.
 */
export async function stopOrphanedServer(clusterDir: string, log: ServerLog) {
  const pid = await postmasterPid(clusterDir);
  if (pid === undefined || !isAlive(pid)) return; // PostgreSQL replaces a stale lock file itself
  const running = await describeProcess(pid);
  if (running && !/postgres/.test(running.command)) {
    // The pid was reused by something else since (a reboot): PostgreSQL would refuse to start.
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    return;
  }
  const owner = await readOwner(clusterDir);
  if (owner && running?.parentPid === owner && isAlive(owner)) {
    throw new EmbeddedPostgresError(
      `${clusterDir} is in use by another NuageDeploy process (pid ${owner}): stop it first, or give this one another DATA_DIR.`,
    );
  }
  log.warn({ pid }, 'stopping the embedded PostgreSQL left running by a previous platform process');
  // SIGINT: fast shutdown (clients cut, checkpoint); SIGQUIT: immediate, recovered at next start.
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone meanwhile
    }
    if (await waitForExit(pid, waitMs)) return;
  }
  throw new EmbeddedPostgresError(`The leftover PostgreSQL server (pid ${pid}) does not stop.`);
}

async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function readOwner(clusterDir: string): Promise<number | undefined> {
  try {
    const { pid } = JSON.parse(await readFile(ownerFileOf(clusterDir), 'utf8')) as { pid: unknown };
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}
