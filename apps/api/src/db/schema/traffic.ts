import { boolean, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { deployments } from './deployments';

/**
 * Requests per application and minute, as the edge saw them (issue 28 item 2), kept 48 h; only
 * minutes that had requests have a row. `durationBuckets`: responses per response-time bucket
 * (lib/traffic-histogram.ts TRAFFIC_BOUNDS_MS, 14 counts), from which any percentile is read,
 * and which add up into the roll-ups. Bytes per row measured in docs/metrics.md.
 */
export const trafficSamples = pgTable(
  'traffic_samples',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    requests: integer('requests').notNull(),
    status2xx: integer('status_2xx').notNull(),
    status3xx: integer('status_3xx').notNull(),
    status4xx: integer('status_4xx').notNull(),
    status5xx: integer('status_5xx').notNull(),
    durationBuckets: integer('duration_buckets').array().notNull(),
    simulated: boolean('simulated').notNull().default(false),
  },
  // Time first, as metric_samples: the roll-ups and the pruning read periods.
  (t) => [primaryKey({ columns: [t.at, t.deploymentId] })],
);

/** Sums over 5 minutes (`stepSeconds` 300, kept 30 days) and one hour (3600, kept 13 months). */
export const trafficRollups = pgTable(
  'traffic_rollups',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    stepSeconds: smallint('step_seconds').notNull(),
    bucketAt: timestamptz('bucket_at').notNull(),
    requests: integer('requests').notNull(),
    status2xx: integer('status_2xx').notNull(),
    status3xx: integer('status_3xx').notNull(),
    status4xx: integer('status_4xx').notNull(),
    status5xx: integer('status_5xx').notNull(),
    durationBuckets: integer('duration_buckets').array().notNull(),
    simulated: boolean('simulated').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.stepSeconds, t.bucketAt] })],
);

/**
 * The one traffic reader's state (a single row, `id` 1): where the edge's log or counters were
 * read up to (the driver's opaque cursor), why nothing can be measured (French), and how far
 * each roll-up went (as metric_rollup_marks).
 */
export const trafficReads = pgTable('traffic_reads', {
  id: smallint('id').primaryKey(),
  cursor: text('cursor'),
  readAt: timestamptz('read_at'),
  source: text('source'),
  notice: text('notice'),
  rolled5mUntil: timestamptz('rolled_5m_until'),
  rolled1hUntil: timestamptz('rolled_1h_until'),
});
