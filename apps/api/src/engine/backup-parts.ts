import type { DatabaseEngine } from '@nuage/shared/catalog';

/** The engines a backup dumps: a template's PostgreSQL or MariaDB, or a database service's Redis too. */
export type BackupEngine = DatabaseEngine | 'redis';

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
  /** Redis's RDB snapshot (`redis-cli --rdb`), a database of an environment only. */
  redis: 'database.rdb',
  /** Tar of the application's files volume, paths relative to its mount point. */
  files: 'files.tar',
  /** What the archive holds (BackupManifest as JSON). */
  manifest: 'manifest.json',
} as const;

export interface BackupManifest {
  /** Archive format version. */
  format: 1;
  template: string;
  database: BackupEngine | null;
  /**
   * Whether `files.tar` is part of it: false for a database of an environment (issue 25), which
   * has no application volume; absent (older archives) means true.
   */
  files?: boolean;
  /**
   * A Compose application's named volumes (issue 30 item 2), each a tar of its own
   * (`volume-<i>.tar`, paths relative to the volume's root) under its name in the file; a
   * restore puts each back into the volume of that name. Absent for every other application.
   */
  volumes?: { name: string; part: string }[];
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

/** The part of a Compose application's i-th named volume: a fixed pattern, never its name. */
export const volumePart = (index: number) => `volume-${index}.tar`;

const VOLUME_PART = /^volume-\d{1,3}\.tar$/;
const FIXED_PARTS = new Set<string>(Object.values(BACKUP_PARTS));

/** Whether an archive's entry is one of the parts a backup holds (anything else is ignored). */
export function isBackupPart(name: string): boolean {
  return FIXED_PARTS.has(name) || VOLUME_PART.test(name);
}

export function databasePart(engine: BackupEngine): string {
  return BACKUP_PARTS[engine];
}

/**
 * The engine of a database the backups can dump: PostgreSQL, MariaDB, and Redis (a database
 * of an environment only: no template runs one).
 */
export function dumpEngine(db: { engine: string }): BackupEngine {
  if (db.engine === 'postgresql' || db.engine === 'mariadb' || db.engine === 'redis') {
    return db.engine;
  }
  throw new Error(`no backup of ${db.engine} databases`);
}

/**
 * A database of an environment (database-service-spec.ts): its spec's only component is its
 * database; no application container, no files volume to archive.
 */
export function isDatabaseService(spec: { template: string }): boolean {
  return spec.template === 'database';
}

/** What a test restore found in the restored database. */
export interface TestRestoreResult {
  tablesCount: number;
}
