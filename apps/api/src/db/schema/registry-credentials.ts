import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's credentials for one container registry (issue 30), for pulling its private
 * images. Only the sealed password (or token) is stored, AES-256-GCM with the server's secrets
 * key as Git tokens are; the API never returns it. Managed by the project's administrators.
 */
export const registryCredentials = pgTable(
  'registry_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The registry host, normalised (`ghcr.io`, `127.0.0.1:5000`, `docker.io`). */
    registry: text('registry').notNull(),
    username: text('username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  // Several for one registry and user are allowed: a new token is added, the applications
  // moved to it, then the old one deleted.
  (t) => [index('registry_credentials_project_idx').on(t.projectId)],
);
