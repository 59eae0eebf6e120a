import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, withDatabase } from '../src/db/admin-query';
import { openMigrated } from '../src/db/migrate';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded/embedded-postgres';
import { ownerFileOf, stopOrphanedServer } from '../src/db/embedded/orphaned-server';
import { isAlive } from '../src/lib/process-alive';
import { quietLog, throwAwayServer } from './helpers/embedded-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL (any database) and the migrated template each test file's database copies. */
    testDatabases: { serverUrl: string; template: string; strategy: 'file_copy' | 'wal_log' };
  }
}

const CLUSTER_PREFIX = 'nuage-test-pg-';

/**
 * The servers of runs that were killed (their vitest process gone) are stopped and their
 * clusters removed: this machine is shared. A cluster younger than ten minutes without an owner
 * yet may be a run starting right now: left alone.
 */
async function removeAbandonedClusters() {
  for (const name of await readdir(os.tmpdir())) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    const clusterDir = path.join(dir, 'postgres');
    const owner = await readFile(ownerFileOf(clusterDir), 'utf8')
      .then((text) => (JSON.parse(text) as { pid: number }).pid)
      .catch(() => undefined);
    if (owner === undefined && Date.now() - (await stat(dir)).mtimeMs < 10 * 60_000) continue;
    if (owner !== undefined && isAlive(owner)) continue;
    await stopOrphanedServer(clusterDir, quietLog);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One migrated template database per run, which every test file copies (CREATE DATABASE …
 * TEMPLATE, a file copy): on an embedded server made for the run (project `api`, the default),
 * or on the server of DATABASE_URL (project `api-postgres`).
 */
export default async function setup(project: TestProject) {
  // api-postgres and api-postgres-isolated (vitest.config.ts).
  const external = project.name.startsWith('api-postgres') ? process.env.DATABASE_URL : undefined;
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  if (!external) {
    await removeAbandonedClusters();
    dir = await mkdtemp(path.join(os.tmpdir(), CLUSTER_PREFIX));
    server = await startEmbeddedPostgres({
      clusterDir: path.join(dir, 'postgres'),
      log: quietLog,
      ...throwAwayServer,
      // Room for the pools of every test file running at once.
      settings: { ...throwAwayServer.settings, max_connections: '300' },
    });
  }
  const serverUrl = external ?? server!.url('postgres');
  const template = `nuage_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${template}`);
  const handle = await openMigrated(withDatabase(serverUrl, template));
  await handle.close();
  // FILE_COPY clones twice as fast, but checkpoints: fine on the run's own unsynced server only.
  project.provide('testDatabases', {
    serverUrl,
    template,
    strategy: external ? 'wal_log' : 'file_copy',
  });

  return async () => {
    await adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
