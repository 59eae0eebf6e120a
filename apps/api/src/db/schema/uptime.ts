import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { deployments } from './deployments';
import { projects } from './projects';

/**
 * One application's HTTP check (issue 28 item 3): its settings, its schedule and the state the
 * incident rule needs. Created by the worker for every application that went live once. A pass
 * claims a monitor by moving `nextCheckAt` to its next slot (`FOR UPDATE SKIP LOCKED`), so two
 * API processes never check one application twice in a slot.
 */
export const uptimeMonitors = pgTable(
  'uptime_monitors',
  {
    deploymentId: uuid('deployment_id')
      .primaryKey()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    /** Requested below the application's address; starts with `/`. */
    path: text('path').notNull().default('/'),
    /** The one status code that counts as up; null: any 2xx or 3xx. */
    expectedStatus: smallint('expected_status'),
    timeoutMs: integer('timeout_ms').notNull().default(10_000),
    /** The start of the next slot to check. */
    nextCheckAt: timestamptz('next_check_at').notNull(),
    /** The last slot whose result was recorded (results of older slots arriving late are dropped). */
    lastSlotAt: timestamptz('last_slot_at'),
    lastOk: boolean('last_ok'),
    /** Failures in a row, and when the first of them was (an incident starts then). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: timestamptz('failing_since'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('uptime_monitors_due_idx').on(t.nextCheckAt)],
);

/**
 * Each check, kept 48 h (the latest results, the « what happened at 3 a.m. » view). `slotAt` is
 * the slot's start: its primary key makes a second result for one slot impossible. `reason` is
 * the French reason of a failure, null when up.
 */
export const uptimeChecks = pgTable(
  'uptime_checks',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    slotAt: timestamptz('slot_at').notNull(),
    ok: boolean('ok').notNull(),
    statusCode: smallint('status_code'),
    durationMs: integer('duration_ms').notNull(),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.slotAt] })],
);

/**
 * Per UTC day counters, kept 13 months: added to with every check (the roll-up happens as the
 * checks come, so nothing is lost when the 48 h rows are pruned). `simulated`: the simulation
 * runtime's checks, which measured nothing.
 */
export const uptimeDays = pgTable(
  'uptime_days',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    checks: integer('checks').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    simulated: boolean('simulated').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.day] })],
);

/** An incident: opened after N failed checks in a row (from the first), closed by a success. */
export const uptimeIncidents = pgTable(
  'uptime_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** French: « délai dépassé », « code HTTP 502 », « connexion refusée »… */
    reason: text('reason').notNull(),
    simulated: boolean('simulated').notNull().default(false),
  },
  (t) => [
    index('uptime_incidents_deployment_idx').on(t.deploymentId, t.startedAt),
    // One open incident per application at most.
    uniqueIndex('uptime_incidents_open_key')
      .on(t.deploymentId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * A project's public status page, enabled by a project admin: `token` is the unguessable part of
 * its address (/statut/<token>); disabling deletes the row, so a leaked address stops working and
 * the next one is new.
 */
export const statusPages = pgTable('status_pages', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});
