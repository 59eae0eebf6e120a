import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningServer } from './server';

const run = promisify(execFile);

/**
 * A first start costs initdb and every migration (5 to 10 s of CPU on the CI machine), and
 * every e2e file started one. The DATA_DIR a first start of this build leaves after a clean
 * stop is kept once, and the servers that need nothing but a fresh DATA_DIR start from a copy
 * of it: an empty, migrated database. Left out of the copy: secrets.json (each server makes its
 * own keys, as on a first start) and the owner record of the process that made it.
 *
 * Only for the default simulation runtime: the first start pins the runtime in the database
 * (startup/runtime-pin.ts), and a server given its own DATA_DIR or database starts as asked.
 * embedded-database.test.ts still proves the first start itself (it gives its DATA_DIR).
 */
export function fromTemplateAllowed(env: Record<string, string>): boolean {
  return !['DATA_DIR', 'RUNTIME', 'DOCKER_HOST', 'KUBECONFIG', 'DATABASE_URL'].some(
    (name) => name in env,
  );
}

type Launch = (env: Record<string, string>, dataDir: string) => Promise<RunningServer>;

/** Fills the empty `dataDir` from this build's template, made first if there is none. */
export async function copyTemplate(dataDir: string, apiEntry: string, launch: Launch) {
  const template = await ensureTemplate(apiEntry, launch);
  if (template) await run('cp', ['-a', `${template}/.`, dataDir]);
}

async function ensureTemplate(apiEntry: string, launch: Launch): Promise<string | undefined> {
  const built = statSync(apiEntry);
  const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
  // One family per checkout, one template per build of it.
  const family = `nuage-e2e-template-${hash(apiEntry)}-`;
  const name = `${family}${hash(`${built.mtimeMs}:${built.size}`)}`;
  const template = path.join(os.tmpdir(), name);
  if (existsSync(template)) return template;

  const work = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-template-making-'));
  try {
    const server = await launch({ DATA_DIR: work }, work);
    await server.stop();
    // Not stopped cleanly (its PostgreSQL still running, or killed): no template this time.
    if (server.process.exitCode !== 0 || existsSync(path.join(work, 'postgres', 'postmaster.pid')))
      return undefined;
    await rm(path.join(work, 'secrets.json'), { force: true });
    await rm(path.join(work, 'postgres-owner.json'), { force: true });
    // A parallel file may have made it meanwhile: then its copy is kept, this one dropped.
    await rename(work, template).catch(() => undefined);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  for (const other of await readdir(os.tmpdir())) {
    if (other.startsWith(family) && other !== name)
      await rm(path.join(os.tmpdir(), other), { recursive: true, force: true });
  }
  return existsSync(template) ? template : undefined;
}
