import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * Quantities are integers in thousandths (millicores, MB with 1 GB = 1000 MB) so quota sums
 * and comparisons are exact; the API speaks decimal cores and GB (SPEC §3).
 */
export const projects = pgTable('projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  nom: text('nom').notNull(),
  description: text('description'),
  quotaCpuMilli: integer('quota_cpu_milli').notNull(),
  quotaRamMb: integer('quota_ram_mb').notNull(),
  quotaStorageMb: integer('quota_storage_mb').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** Set when deletion is requested: hidden at once, removed once the engine has cleaned up. */
  deletingAt: timestamptz('deleting_at'),
});

export const projectRoles = ['user', 'developer', 'admin'] as const;

export const projectMembers = pgTable(
  'project_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: projectRoles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_members_project_user_key').on(t.projectId, t.userId),
    index('project_members_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: projectRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_project_idx').on(t.projectId),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);
