import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { projects } from './projects';

export const environmentTypes = ['dev', 'staging', 'preproduction', 'prod'] as const;
export const environmentStatuses = ['pending', 'active', 'failed', 'deleting'] as const;

export const environments = pgTable(
  'environments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    type: text('type', { enum: environmentTypes }).notNull(),
    /** Kubernetes namespace (DNS-1123 label), unique across the platform. */
    namespace: text('namespace_k8s_id').notNull().unique(),
    /** Folder of the rendered manifests, relative to DATA_DIR. */
    manifestsDir: text('nom_dossier_git').notNull(),
    /** Observed by the engine: pending until the namespace exists, then active (or failed). */
    status: text('status', { enum: environmentStatuses }).notNull().default('pending'),
    statusMessage: text('status_message'),
    /** When the rendered manifests were last written (gitlab_config.created). */
    manifestsWrittenAt: timestamptz('manifests_written_at'),
    /** Reconciler bookkeeping, as for applications. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamptz('lease_expires_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // An environment being deleted frees its name at once.
    uniqueIndex('environments_project_name_key')
      .on(t.projectId, sql`lower(${t.nom})`)
      .where(sql`${t.status} <> 'deleting'`),
    index('environments_project_idx').on(t.projectId),
  ],
);
