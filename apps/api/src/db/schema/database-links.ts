import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { deployments } from './deployments';

/**
 * An application linked to a database of its environment (issue 25): the application runs
 * with `variable` holding the database's connection string, as a secret variable, rewritten
 * (and the application restarted) when the database's password is regenerated.
 */
export const databaseLinks = pgTable(
  'database_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    databaseId: uuid('database_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    variable: text('variable').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('database_links_pair_key').on(t.databaseId, t.applicationId),
    uniqueIndex('database_links_variable_key').on(t.applicationId, t.variable),
    index('database_links_database_idx').on(t.databaseId),
  ],
);
