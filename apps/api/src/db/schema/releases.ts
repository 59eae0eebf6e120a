import { integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { builds } from './builds';
import { createdAt, timestamptz } from './columns';
import { deployments, type StoredEnvVar } from './deployments';

/** What a release ran with: restored as is by a rollback (databases and volumes are not). */
export interface ReleaseConfiguration {
  cpuMilli: number;
  ramMb: number;
  replicas: number;
  port: number;
  envVars: StoredEnvVar[];
  /**
   * A Compose application's release (a file read from its repository): the file with its
   * built images (sealed: its `environment` may hold passwords), the settings read from it
   * and what its named volumes reserve. cpuMilli and ramMb are then the services' sum.
   */
  compose?: { fileSealed: string; settings: Record<string, unknown>; storageMb: number };
}

/** One numbered, successful deploy of a code application: an immutable image and its configuration. */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    buildId: uuid('build_id').references(() => builds.id, { onDelete: 'set null' }),
    imageUrl: text('image_url').notNull(),
    imageTag: text('image_tag').notNull(),
    imageDigest: text('image_digest').notNull(),
    commitSha: text('commit_sha').notNull(),
    commitMessage: text('commit_message'),
    branch: text('branch').notNull(),
    configuration: jsonb('configuration').$type<ReleaseConfiguration>().notNull(),
    /** Why this release never served (its replica did not become ready); null otherwise. */
    rolloutError: text('rollout_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('releases_deployment_numero_key').on(t.deploymentId, t.numero)],
);

/** Every line a build printed, numbered from 1, so a reconnecting reader resumes after the last it saw. */
export const buildLogLines = pgTable(
  'build_log_lines',
  {
    buildId: uuid('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    line: text('line').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.seq] })],
);
