import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { deployments } from './deployments';

/**
 * One application's resource sampling (issue 28 item 1): its schedule and what the next sample
 * needs. A pass claims a monitor by moving `nextSampleAt` past now (`FOR UPDATE SKIP LOCKED`),
 * so two API processes never sample one application twice in a slot. The network counters of
 * the previous reading turn the runtime's running totals into a rate.
 */
export const metricMonitors = pgTable(
  'metric_monitors',
  {
    deploymentId: uuid('deployment_id')
      .primaryKey()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    nextSampleAt: timestamptz('next_sample_at').notNull(),
    /** The previous reading's network totals (bytes) and time; null before the first. */
    lastRxBytes: bigint('last_rx_bytes', { mode: 'number' }),
    lastTxBytes: bigint('last_tx_bytes', { mode: 'number' }),
    lastReadAt: timestamptz('last_read_at'),
    /** Why the runtime gave no measure (French, e.g. metrics-server missing); null when it did. */
    notice: text('notice'),
    /** Why the volumes' use is not measured (French, e.g. RBAC refuses the kubelet's stats). */
    diskNotice: text('disk_notice'),
  },
  (t) => [index('metric_monitors_due_idx').on(t.nextSampleAt)],
);

/**
 * The raw samples, kept 48 h. Integers only, no JSON (bytes per row measured in docs/metrics.md).
 * Network: bytes per second since the previous sample (null for the first one, or where the
 * runtime does not say). `restarts`: the containers' restart total.
 */
export const metricSamples = pgTable(
  'metric_samples',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    cpuMilli: integer('cpu_milli').notNull(),
    ramMb: integer('ram_mb').notNull(),
    rxBps: integer('rx_bps'),
    txBps: integer('tx_bps'),
    restarts: integer('restarts'),
    /**
     * The application's volumes (files and database): MB used in all, and the fullest volume's
     * use in % of its size. Null where the runtime did not say (docs/metrics.md « Disque »).
     */
    diskUsedMb: integer('disk_used_mb'),
    diskPercent: smallint('disk_percent'),
    simulated: boolean('simulated').notNull().default(false),
  },
  // Time first: the roll-ups, the pruning and one application's last hour all read a period,
  // and rows come in time order, so the key's pages stay full (one index, no second B-tree).
  (t) => [primaryKey({ columns: [t.at, t.deploymentId] })],
);

/**
 * Averages (and maxima) over 5 minutes (`stepSeconds` 300, kept 30 days) and one hour (3600,
 * kept 13 months), recomputed from the finer rows by the worker (an upsert: running it twice,
 * or in two processes, gives the same rows).
 */
export const metricRollups = pgTable(
  'metric_rollups',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    stepSeconds: smallint('step_seconds').notNull(),
    bucketAt: timestamptz('bucket_at').notNull(),
    samples: integer('samples').notNull(),
    cpuAvg: integer('cpu_avg').notNull(),
    cpuMax: integer('cpu_max').notNull(),
    ramAvg: integer('ram_avg').notNull(),
    ramMax: integer('ram_max').notNull(),
    rxAvg: integer('rx_avg'),
    txAvg: integer('tx_avg'),
    restarts: integer('restarts'),
    /** The bucket's highest disk use (MB, and the fullest volume's %): disk only grows or drops. */
    diskUsedMb: integer('disk_used_mb'),
    diskPercent: smallint('disk_percent'),
    simulated: boolean('simulated').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.stepSeconds, t.bucketAt] })],
);

/**
 * How far each roll-up went (the end of its last finished bucket), so a turn starts there
 * without looking for the latest bucket among every application's rows.
 */
export const metricRollupMarks = pgTable('metric_rollup_marks', {
  stepSeconds: smallint('step_seconds').primaryKey(),
  rolledUntil: timestamptz('rolled_until').notNull(),
});
