import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { deployments } from './deployments';
import { projects } from './projects';

export const buildStatuses = ['running', 'success', 'failed'] as const;

/**
 * Every time the engine prepares an application's image (pull or build), for the built-images
 * history. Kept when the application is deleted (deployment_id set null, name kept).
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
    imageUrl: text('image_url').notNull(),
    imageTag: text('image_tag').notNull(),
    status: text('status', { enum: buildStatuses }).notNull(),
    isStandalone: integer('is_standalone').notNull().default(0),
    repositoryUrl: text('repository_url'),
    branch: text('branch'),
    errorMessage: text('error_message'),
    runtime: text('runtime').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('builds_project_idx').on(t.projectId, t.startedAt),
    index('builds_status_idx').on(t.status),
  ],
);
