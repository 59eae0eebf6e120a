import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { deployments } from './deployments';

/**
 * An application's metric alert rule (issue 28 item 6): CPU or memory above `threshold` % of the
 * limit for `windowMinutes`, or more than `threshold` restarts within `windowMinutes`. One rule
 * per measure and application. A pass claims a rule by moving `nextEvalAt` past now
 * (`FOR UPDATE SKIP LOCKED`), so two API processes never evaluate one rule in one slot.
 */
export const metricAlertRules = pgTable(
  'metric_alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    /** `cpu`, `memory` or `restarts`. */
    kind: text('kind').notNull(),
    threshold: integer('threshold').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextEvalAt: timestamptz('next_eval_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('metric_alert_rules_kind_key').on(t.deploymentId, t.kind),
    index('metric_alert_rules_due_idx').on(t.nextEvalAt),
  ],
);

/**
 * One alert of a rule, from the evaluation that found the window above the threshold to the one
 * that found it back below. At most one open per rule (the partial unique index): two processes
 * evaluating at once cannot open it twice.
 */
export const metricAlertIncidents = pgTable(
  'metric_alert_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => metricAlertRules.id, { onDelete: 'cascade' }),
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** The window's value when it opened: a percentage of the limit, or a restart count. */
    value: integer('value').notNull(),
  },
  (t) => [
    index('metric_alert_incidents_deployment_idx').on(t.deploymentId, t.startedAt),
    uniqueIndex('metric_alert_incidents_open_key')
      .on(t.ruleId)
      .where(sql`${t.endedAt} is null`),
  ],
);
