import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backups } from './backups';
import { timestamptz } from './columns';
import { deployments } from './deployments';
import { users } from './users';

/**
 * `backing_up` → `rolling_out` → `succeeded`; or `failed` (the backup failed: nothing changed)
 * or `rolled_back` (the new version never became healthy: the previous one serves again).
 */
export const applicationUpdateStatuses = [
  'backing_up',
  'rolling_out',
  'succeeded',
  'failed',
  'rolled_back',
] as const;
export type ApplicationUpdateStatus = (typeof applicationUpdateStatuses)[number];

/**
 * « Mettre à jour » of a catalogue application (issue 30 item 4): a backup first, then the new
 * tag rolled out health-gated; the previous tag comes back on its own when the new one fails.
 */
export const applicationUpdates = pgTable(
  'application_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    fromTag: text('from_tag').notNull(),
    toTag: text('to_tag').notNull(),
    status: text('status', { enum: applicationUpdateStatuses }).notNull().default('backing_up'),
    /** The backup taken first (kept in the backups list; null once it was deleted). */
    backupId: uuid('backup_id').references(() => backups.id, { onDelete: 'set null' }),
    /** The application's generation that carries the new tag, once set (the reconciler's cue). */
    generation: integer('generation'),
    /** Why it failed or was rolled back (French, shown on the application page). */
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('application_updates_deployment_idx').on(t.deploymentId, t.startedAt),
    // One update at a time per application, whoever asks (two clicks, two processes).
    uniqueIndex('application_updates_one_running_key')
      .on(t.deploymentId)
      .where(sql`${t.status} in ('backing_up', 'rolling_out')`),
  ],
);
export type ApplicationUpdateRow = typeof applicationUpdates.$inferSelect;
