import type { PGlite } from '@electric-sql/pglite';
import { rename, rm } from 'node:fs/promises';
import pg from 'pg';
import { openPostgres } from '../client';
import { EmbeddedPostgresError } from '../embedded/binaries';
import type { ServerLog } from '../embedded/server-log';
import { applyMigrations, migrationsFolder } from '../migrate';
import { copyRows } from './copy-rows';
import { migrationLevel, migrationsUpTo, type AppliedMigration } from './migration-level';

/** Set on the new database in the import's transaction: the import is complete. */
export const IMPORTED_FROM_PGLITE = 'NuageDeploy: imported from DATA_DIR/pglite';

export interface ImportOptions {
  pgliteDir: string;
  /** The new database's name, and a URL to any database of the server by name. */
  database: string;
  url(database: string): string;
  log: ServerLog;
}

/**
 * Earlier versions kept their data in PGlite (DATA_DIR/pglite). Its rows are copied into a new
 * database of the embedded server at the same migration level, in one transaction, then the new
 * database takes its final name and the PGlite directory is set aside (kept, never deleted); the
 * later migrations then run on PostgreSQL as at any start. Killed at any point, the next start
 * begins again from the untouched PGlite directory.
 */
export async function importPglite({ pgliteDir, database, url, log }: ImportOptions) {
  const staging = `${database}_import`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(staging)}`);
    await admin.query(`create database ${pg.escapeIdentifier(staging)}`);
    log.info({ pgliteDir }, 'importing the PGlite database of an earlier version');
    const { PGlite } = await import('@electric-sql/pglite');
    const source = await PGlite.create(pgliteDir);
    try {
      const counts = await importInto(source, url(staging), pgliteDir);
      log.info({ rows: counts }, 'PGlite data imported');
    } finally {
      await source.close();
    }
    await admin.query(
      `alter database ${pg.escapeIdentifier(staging)} rename to ${pg.escapeIdentifier(database)}`,
    );
  } finally {
    await admin.end();
  }
  await setAside(pgliteDir, log);
}

async function importInto(source: PGlite, targetUrl: string, pgliteDir: string) {
  const level = migrationLevel(await appliedMigrations(source), migrationsFolder, pgliteDir);
  const partial = await migrationsUpTo(migrationsFolder, level);
  try {
    const handle = await openPostgres(targetUrl);
    try {
      await applyMigrations(handle, partial);
    } finally {
      await handle.close();
    }
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    await target.query('begin');
    const counts = await copyRows(source, target);
    await target.query(
      `comment on database ${pg.escapeIdentifier(target.database!)} is '${IMPORTED_FROM_PGLITE}'`,
    );
    await target.query('commit');
    return counts;
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  } finally {
    await target.end();
  }
}

async function appliedMigrations(source: PGlite): Promise<AppliedMigration[]> {
  const { rows } = await source.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rows[0]?.present) return [];
  return (
    await source.query<AppliedMigration>(
      'select hash, created_at from drizzle.__drizzle_migrations',
    )
  ).rows;
}

/** DATA_DIR/pglite → DATA_DIR/pglite-imported-<date>: a backup the operator deletes when sure. */
export async function setAside(pgliteDir: string, log: ServerLog) {
  const backup = `${pgliteDir}-imported-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(pgliteDir, backup).catch((err: unknown) => {
    throw new EmbeddedPostgresError(
      `The PGlite data was imported, but ${pgliteDir} could not be renamed to ${backup} (${(err as Error).message}): rename or remove it yourself.`,
    );
  });
  log.warn(
    { backup },
    'the PGlite directory is kept as a backup; delete it once the platform runs well',
  );
}
