import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz } from './columns';

/**
 * The runtime this platform was first started on, and its target (Docker/Podman socket,
 * Kubernetes context). One row: later starts must find the same runtime or refuse
 * (startup/runtime-pin.ts), so applications never switch runtime silently.
 */
export const platformRuntime = pgTable(
  'platform_runtime',
  {
    id: integer('id').primaryKey().default(1),
    runtime: text('runtime', { enum: ['kubernetes', 'docker', 'simulation'] }).notNull(),
    target: text('target').notNull(),
    pinnedAt: timestamptz('pinned_at').notNull().defaultNow(),
    /** Set when an operator re-pinned on purpose (RUNTIME_REPIN=true). */
    repinnedAt: timestamptz('repinned_at'),
    previous: text('previous'),
  },
  (t) => [check('platform_runtime_single_row', sql`${t.id} = 1`)],
);
