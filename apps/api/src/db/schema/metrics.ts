import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
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
    /** A Compose application's previous network totals per service (bytes), read with the above. */
    lastServiceBytes: jsonb('last_service_bytes').$type<ServiceBytes>(),
  },
  (t) => [index('metric_monitors_due_idx').on(t.nextSampleAt)],
);

/** Each service's network totals at the previous reading; null where the runtime said none. */
export type ServiceBytes = Record<string, { rx: number | null; tx: number | null }>;

/** A sample's measures: an application's, or one service's of a Compose application. */
const sampleColumns = () => ({
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
});

/** A bucket's measures: averages and peaks of the finer rows. */
const rollupColumns = () => ({
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
});

const deploymentColumn = () =>
  uuid('deployment_id')
    .notNull()
    .references(() => deployments.id, { onDelete: 'cascade' });

/**
 * The raw samples, kept 48 h. Integers only, no JSON (bytes per row measured in docs/metrics.md).
 * Network: bytes per second since the previous sample (null for the first one, or where the
 * runtime does not say). `restarts`: the containers' restart total.
 */
export const metricSamples = pgTable(
  'metric_samples',
  { deploymentId: deploymentColumn(), ...sampleColumns() },
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
  { deploymentId: deploymentColumn(), ...rollupColumns() },
  (t) => [primaryKey({ columns: [t.deploymentId, t.stepSeconds, t.bucketAt] })],
);

/**
 * A Compose application's samples per service (issue 30 item 2), beside the application's own:
 * tables of their own, so the application's history, the alerts, the autoscaling and the
 * dashboard read as few rows as before; the roll-ups and the pruning run the same statements on
 * both (rollups.ts). `service` is the Compose name; the disk columns stay null (volumes are
 * measured per application).
 */
export const metricServiceSamples = pgTable(
  'metric_service_samples',
  { deploymentId: deploymentColumn(), service: text('service').notNull(), ...sampleColumns() },
  (t) => [primaryKey({ columns: [t.at, t.deploymentId, t.service] })],
);

/** The per-service buckets, kept as long as the application's (`stepSeconds` 300 and 3600). */
export const metricServiceRollups = pgTable(
  'metric_service_rollups',
  { deploymentId: deploymentColumn(), service: text('service').notNull(), ...rollupColumns() },
  (t) => [primaryKey({ columns: [t.deploymentId, t.service, t.stepSeconds, t.bucketAt] })],
);

/**
 * How far each roll-up went (the end of its last finished bucket), so a turn starts there
 * without looking for the latest bucket among every application's rows.
 */
export const metricRollupMarks = pgTable('metric_rollup_marks', {
  stepSeconds: smallint('step_seconds').primaryKey(),
  rolledUntil: timestamptz('rolled_until').notNull(),
});
