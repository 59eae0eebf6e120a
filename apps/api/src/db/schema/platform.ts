import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
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

/**
 * Problems of the platform itself (issue 27: a network guard down, a runtime that does not
 * answer), told to its operators (OPERATOR_EMAILS) once when they start and once when they end,
 * whichever API process sees them (modules/platform/alerts). `open_mailed` / `close_mailed` say
 * what was told; `locked_until` is the lease of the process telling it.
 */
export const platformIncidents = pgTable('platform_incidents', {
  key: text('key').primaryKey(),
  /** What operators read: the French title, and the latest detail seen. */
  title: text('title').notNull(),
  detail: text('detail').notNull(),
  openedAt: timestamptz('opened_at').notNull().defaultNow(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  closedAt: timestamptz('closed_at'),
  /** Checks that saw it again while it lasted (kept quiet). */
  repeats: integer('repeats').notNull().default(0),
  openMailed: boolean('open_mailed').notNull().default(false),
  closeMailed: boolean('close_mailed').notNull().default(false),
  lockedUntil: timestamptz('locked_until'),
});
