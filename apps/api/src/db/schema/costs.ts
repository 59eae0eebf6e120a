import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * Each user's monthly cost, updated while the month runs and kept afterwards: the dashboard's
 * month-on-month trend compares the current month with the previous one.
 */
export const costSnapshots = pgTable(
  'cost_snapshots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    monthlyXof: integer('monthly_xof').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
