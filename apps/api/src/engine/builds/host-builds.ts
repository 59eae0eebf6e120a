import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isAlive } from '../../lib/process-alive';

/**
 * The builds running on this host's engine, across every platform process that builds there
 * (several API processes, or a test run's servers): one file per build, holding its process id.
 *
 * Why: between two steps a build runs no process, and its buildah working container looks like
 * any other build's of the same base image; its checkout sits in the same temporary folder as
 * every other platform's. Cleaning up after a cancelled build, or after a process that died,
 * must leave alone what belongs to a build still under way elsewhere.
 */
export const RUNNING_BUILDS_DIR = path.join(tmpdir(), 'nuagedeploy-builds-running');

const nameOf = (buildId: string) => `${buildId.replace(/[^a-zA-Z0-9_.-]/g, '_')}.pid`;

/** Marks the build as running until the returned function is called. */
export async function markBuildRunning(
  buildId: string,
  dir = RUNNING_BUILDS_DIR,
): Promise<() => Promise<void>> {
  const file = path.join(dir, nameOf(buildId));
  await mkdir(dir, { recursive: true });
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}

/** Whether this build is marked running by a live process (of any platform on this host). */
export async function isBuildRunningOnHost(
  buildId: string,
  dir = RUNNING_BUILDS_DIR,
): Promise<boolean> {
  const pid = Number(await readFile(path.join(dir, nameOf(buildId)), 'utf8').catch(() => ''));
  return pid > 0 && isAlive(pid);
}

/** Whether a build other than this one is running; a file whose process died is dropped. */
export async function otherBuildsRunning(
  buildId: string,
  dir = RUNNING_BUILDS_DIR,
): Promise<boolean> {
  const own = nameOf(buildId);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (name === own || !name.endsWith('.pid')) continue;
    const file = path.join(dir, name);
    const pid = Number(await readFile(file, 'utf8').catch(() => ''));
    if (pid > 0 && isAlive(pid)) return true;
    await rm(file, { force: true });
  }
  return false;
}
