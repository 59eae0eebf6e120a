import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { deployments, type StoredEnvVar } from './deployments';
import { environments } from './environments';
import { gitTokens } from './git-tokens';

/**
 * A code application's preview settings (issue 26): whether pull requests get a preview, each
 * preview's size (one instance), when a closed one is deleted, the
 * variables the previews replace or add, and how the platform reports to the Git host.
 */
export const previewSettings = pgTable('preview_settings', {
  deploymentId: uuid('deployment_id')
    .primaryKey()
    .references(() => deployments.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  cpuMilli: integer('cpu_milli').notNull(),
  ramMb: integer('ram_mb').notNull(),
  deleteDelayMinutes: integer('delete_delay_minutes').notNull().default(0),
  /** A preview without requests for this long is stopped; null: never. */
  idleStopHours: integer('idle_stop_hours'),
  /** Each linked database: an empty copy in the preview ('vide'), one restored ('sauvegarde'), none. */
  databases: text('databases', { enum: ['aucune', 'vide', 'sauvegarde'] })
    .notNull()
    .default('vide'),
  /** Sealed as the application's own (env-vars-store.ts). */
  envVars: jsonb('env_vars').$type<StoredEnvVar[]>().notNull().default([]),
  apiUrl: text('api_url'),
  statusTokenId: uuid('status_token_id').references(() => gitTokens.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const previewRowStates = ['open', 'refused', 'stopped', 'closing'] as const;

/**
 * One pull request of a code application with previews: its environment and application once
 * created (null when refused), what the Git host said last, and the report written back (the
 * comment's id, so it is updated in place; `reportDueAt` wakes the reporter).
 */
export const previews = pgTable(
  'previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceDeploymentId: uuid('source_deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    environmentId: uuid('environment_id').references(() => environments.id, {
      onDelete: 'set null',
    }),
    deploymentId: uuid('deployment_id').references(() => deployments.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['github', 'gitlab', 'gitea'] }).notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    /** The base repository's path on its host (`owner/name`, GitLab's project path). */
    repository: text('repository').notNull(),
    headRepositoryUrl: text('head_repository_url').notNull(),
    headBranch: text('head_branch').notNull(),
    headSha: text('head_sha').notNull(),
    fromFork: boolean('from_fork').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    state: text('state', { enum: previewRowStates }).notNull().default('open'),
    message: text('message'),
    /** When the preview of a closed pull request is deleted. */
    deleteAt: timestamptz('delete_at'),
    /** Held while one request creates the environment and application (no two at once). */
    creatingUntil: timestamptz('creating_until'),
    /** When its idleness is looked at next (settings.idleStopHours after its last activity). */
    idleCheckAt: timestamptz('idle_check_at'),
    commentId: text('comment_id'),
    /** What the Git host was last told (state + commit), so an unchanged report is not re-sent. */
    reported: text('reported'),
    reportDueAt: timestamptz('report_due_at'),
    reportAttempts: integer('report_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('previews_source_number_key').on(t.sourceDeploymentId, t.number),
    index('previews_project_idx').on(t.projectId),
    // The costs and the dashboard ask of each application whether it is a preview.
    index('previews_deployment_idx').on(t.deploymentId),
    index('previews_report_due_idx')
      .on(t.reportDueAt)
      .where(sql`${t.reportDueAt} is not null`),
    index('previews_idle_check_idx')
      .on(t.idleCheckAt)
      .where(sql`${t.idleCheckAt} is not null`),
    index('previews_delete_at_idx')
      .on(t.deleteAt)
      .where(sql`${t.deleteAt} is not null`),
  ],
);
