import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { deployments } from './deployments';
import { projects } from './projects';
import { users } from './users';

export const backupKinds = ['manual', 'scheduled'] as const;
export type BackupKind = (typeof backupKinds)[number];
export const backupStatuses = ['running', 'success', 'failed'] as const;
export type BackupStatus = (typeof backupStatuses)[number];

/**
 * What a final backup needs to be restored into a new database once its database is gone
 * (modules/databases/final-backups.ts): the engine, version and resources it had, its name and
 * environment then.
 */
export interface RetainedSource {
  /** The deleted database's id: its local copy stays under BACKUP_DIR/<project>/<that id>/. */
  deploymentId: string;
  nom: string;
  engine: string;
  version: string;
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
  environmentId: string;
  environmentNom: string;
  deletedAt: string;
}

/** Where one copy of a backup went, and whether it was verified there. */
export interface BackupCopy {
  kind: 'local' | 's3';
  /** File path (local) or `s3://bucket/key`. */
  location: string;
  status: 'success' | 'failed';
  error: string | null;
}

/**
 * One backup of an application: a single archive (database dump + files volume) written to
 * BACKUP_DIR and, when the project has one, uploaded to its S3 destination. `success` only when
 * every copy was written and read back with the same size and checksum.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The application or database backed up; null only for a database's final backup, detached
     * from it when the database was deleted (`retainedSource` then says what it was).
     */
    deploymentId: uuid('deployment_id').references(() => deployments.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** A deleted database's final backup, kept in the project: the database as it was. */
    retainedSource: jsonb('retained_source').$type<RetainedSource>(),
    kind: text('kind', { enum: backupKinds }).notNull(),
    status: text('status', { enum: backupStatuses }).notNull().default('running'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    /** Archive file name (also the S3 key's last part). */
    fileName: text('file_name').notNull(),
    copies: jsonb('copies').$type<BackupCopy[]>().notNull().default([]),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('backups_deployment_idx').on(t.deploymentId, t.startedAt),
    index('backups_project_idx').on(t.projectId),
    // The dashboard looks for failed backups at every read: few rows among the whole history.
    index('backups_failed_idx')
      .on(t.projectId)
      .where(sql`${t.status} = 'failed'`),
    // A final backup is either still attached to its database, or detached and described.
    check(
      'backups_attached_or_retained',
      sql`${t.deploymentId} IS NOT NULL OR ${t.retainedSource} IS NOT NULL`,
    ),
    // One backup at a time per application, whoever asks (a user, the scheduler, two processes).
    uniqueIndex('backups_one_running_key')
      .on(t.deploymentId)
      .where(sql`${t.status} = 'running'`),
  ],
);

export const restoreKinds = ['same', 'other', 'new', 'test'] as const;
export type RestoreKind = (typeof restoreKinds)[number];

/**
 * A restore of a backup: into the same application (`same`), into another application
 * (`other`, e.g. prod → staging), into a new application created for it (`new`: the restore waits
 * until it runs, then loads the data) or into a throwaway container (`test`, the weekly check).
 */
export const backupRestores = pgTable(
  'backup_restores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    backupId: uuid('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    /** The application restored into (the source itself for `same` and `test`). */
    targetDeploymentId: uuid('target_deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: restoreKinds }).notNull(),
    status: text('status', { enum: backupStatuses }).notNull().default('running'),
    /** Test restores: tables found in the restored database. */
    tablesCount: integer('tables_count'),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /** Written every few seconds by the process running it: a stale one belongs to a dead process. */
    heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
    /**
     * Set when a platform stop cut the restore while it ran: still `running`, handed over; the
     * next start (or another process) takes it up again from the beginning (worker.ts).
     */
    suspendedAt: timestamptz('suspended_at'),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('backup_restores_target_idx').on(t.targetDeploymentId, t.startedAt),
    // The dashboard looks for failed restores at every read: few rows among the whole history.
    index('backup_restores_failed_idx')
      .on(t.targetDeploymentId)
      .where(sql`${t.status} = 'failed'`),
    // One restore at a time into an application (a test restore uses a throwaway container).
    uniqueIndex('backup_restores_one_running_key')
      .on(t.targetDeploymentId)
      .where(sql`${t.status} = 'running' AND ${t.kind} <> 'test'`),
  ],
);

/** A restore's row, as the backups module reads and passes it. */
export type RestoreRow = typeof backupRestores.$inferSelect;

/**
 * Each application's schedule. Rows are created with the application, in its transaction, with
 * the defaults (daily for prod environments, off elsewhere; backups/schedules.ts); retention keeps `keepCount` successful backups and none
 * older than `keepDays`, but never deletes the last successful one.
 */
export const backupSchedules = pgTable('backup_schedules', {
  deploymentId: uuid('deployment_id')
    .primaryKey()
    .references(() => deployments.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  keepCount: integer('keep_count').notNull().default(7),
  keepDays: integer('keep_days').notNull().default(30),
  nextRunAt: timestamptz('next_run_at').notNull().defaultNow(),
  nextTestRestoreAt: timestamptz('next_test_restore_at')
    .notNull()
    .default(sql`now() + interval '7 days'`),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A project's S3-compatible destination. The secret key is sealed (AES-256-GCM with
 * SECRETS_KEY) and never returned by the API.
 */
export const backupDestinations = pgTable('backup_destinations', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  region: text('region').notNull().default('us-east-1'),
  bucket: text('bucket').notNull(),
  prefix: text('prefix').notNull().default(''),
  accessKeyId: text('access_key_id').notNull(),
  secretAccessKeySealed: text('secret_access_key_sealed').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
