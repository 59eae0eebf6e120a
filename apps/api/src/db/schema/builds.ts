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
import { imagePartValues } from '@nuage/shared/schemas/responses/builds';
import { createdAt, timestamptz } from './columns';
import { deployments } from './deployments';
import { projects } from './projects';

export const buildStatuses = ['queued', 'running', 'success', 'failed', 'cancelled'] as const;
export type BuildStatus = (typeof buildStatuses)[number];
export const buildTriggers = ['deploy', 'redeploy', 'webhook', 'rollback'] as const;

/**
 * Every time the engine prepares an application's image (pull or build), for the built-images
 * history. Kept when the application is deleted (deployment_id set null, name kept).
 * Code builds ('build') are also the build queue: queued rows in creation order, claimed by one
 * API process (`claimed_by`, `heartbeat_at`: a build whose process died is failed and can be
 * retried), cancelled through `cancel_requested` which the running process polls.
 */
export const builds = pgTable(
  'builds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deploymentId: uuid('deployment_id').references(() => deployments.id, { onDelete: 'set null' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    applicationName: text('application_name').notNull(),
    kind: text('kind', { enum: ['pull', 'build'] }).notNull(),
    /**
     * Which part of the application the image runs (a WordPress pull and its MariaDB pull carry
     * the same application name); null on rows recorded before it was kept.
     */
    part: text('part', { enum: imagePartValues }),
    imageUrl: text('image_url').notNull(),
    imageTag: text('image_tag').notNull(),
    status: text('status', { enum: buildStatuses }).notNull(),
    isStandalone: integer('is_standalone').notNull().default(0),
    repositoryUrl: text('repository_url'),
    branch: text('branch'),
    errorMessage: text('error_message'),
    runtime: text('runtime').notNull(),
    /** Null while queued. */
    startedAt: timestamptz('started_at'),
    /** Per application, 1, 2, 3… (code builds only). */
    numero: integer('numero'),
    trigger: text('trigger', { enum: buildTriggers }),
    commitSha: text('commit_sha'),
    commitMessage: text('commit_message'),
    imageDigest: text('image_digest'),
    /** Docker build arguments of this build (never secrets: they are shown in the image history). */
    buildArgs: jsonb('build_args').$type<Record<string, string>>(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    claimedBy: text('claimed_by'),
    heartbeatAt: timestamptz('heartbeat_at'),
    /** Log lines written so far (the next line gets logLines + 1). */
    logLines: integer('log_lines').notNull().default(0),
    completedAt: timestamptz('completed_at'),
    /** The highest CPU (millicores) and memory (MB) measured while it ran (build_metric_samples). */
    peakCpuMilli: integer('peak_cpu_milli'),
    peakRamMb: integer('peak_ram_mb'),
    /** Why its usage could not be measured (French), e.g. a cluster without metrics-server. */
    metricsNotice: text('metrics_notice'),
    createdAt: createdAt(),
  },
  (t) => [
    index('builds_project_idx').on(t.projectId, t.startedAt),
    index('builds_status_idx').on(t.status),
    index('builds_deployment_idx').on(t.deploymentId, t.createdAt),
    uniqueIndex('builds_deployment_numero_key')
      .on(t.deploymentId, t.numero)
      .where(sql`${t.numero} is not null`),
  ],
);
