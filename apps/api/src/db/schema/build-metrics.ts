import { boolean, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { builds } from './builds';
import { timestamptz } from './columns';

/**
 * What a running build used (issue 28 item 1, builds): one row every BUILD_METRICS_SAMPLE_SECONDS
 * while it runs, at most BUILD_METRICS_MAX_SAMPLES per build (modules/build-metrics). Deleted
 * with the build (its project), like its log lines. The build's peaks are kept on its row.
 */
export const buildMetricSamples = pgTable(
  'build_metric_samples',
  {
    buildId: uuid('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    cpuMilli: integer('cpu_milli').notNull(),
    ramMb: integer('ram_mb').notNull(),
    /** Computed by the simulation runtime, not measured. */
    simulated: boolean('simulated').notNull().default(false),
  },
  // One build's samples are read together, in time order.
  (t) => [primaryKey({ columns: [t.buildId, t.at] })],
);
