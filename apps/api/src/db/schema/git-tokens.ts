import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * A Git access token of a project, for cloning its private repositories. Only the sealed value
 * is stored (AES-256-GCM with the server's secrets key); the API never returns it.
 */
export const gitTokens = pgTable(
  'git_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('git_tokens_project_idx').on(t.projectId)],
);
