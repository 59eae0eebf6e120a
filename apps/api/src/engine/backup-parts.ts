import type { DatabaseEngine } from '@nuage/shared/catalog';

/**
 * The files of one backup, as a driver writes them into (or reads them from) a staging
 * directory the backups module gives it; that module packs them into one archive, checksums
 * and uploads it. Names are fixed: nothing from the user ever becomes a path.
 */
export const BACKUP_PARTS = {
  /** `mariadb-dump --single-transaction` output (plain SQL). */
  mariadb: 'database.sql',
  /** `pg_dump -Fc` output (custom format, for pg_restore). */
  postgresql: 'database.dump',
  /** Tar of the application's files volume, paths relative to its mount point. */
  files: 'files.tar',
  /** What the archive holds (BackupManifest as JSON). */
  manifest: 'manifest.json',
} as const;

export interface BackupManifest {
  /** Archive format version. */
  format: 1;
  template: string;
  database: DatabaseEngine | null;
  /** The runtime that wrote it (a simulation backup holds synthetic content). */
  runtime: string;
  createdAt: string;
}

/**
 * Deployment setting of an application created to receive a restore: until the restore is
 * done its runtime runs the database only (spec-for-deployment.ts), so nothing serves an empty
 * site; the backups module clears it, which starts the replicas and then the setup task.
 */
export const RESTORE_PENDING = 'restorePending';

export function databasePart(engine: DatabaseEngine): string {
  return BACKUP_PARTS[engine];
}

/** What a test restore found in the restored database. */
export interface TestRestoreResult {
  tablesCount: number;
}
