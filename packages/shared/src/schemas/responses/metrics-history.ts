/** The stored resource metrics of one application over a period (issue 28 items 1 and 4). */
import { z } from 'zod/mini';
import { metricsRanges } from '../metrics-history';

const values = z.array(z.number());
const optionalValues = z.array(z.nullable(z.number()));

/**
 * GET /monitoring/applications/{id}/metrics/history: one column per series, one entry per
 * point (the shape charts read), oldest first.
 */
export const metricsHistorySchema = z.object({
  application_id: z.string(),
  /** The Compose service these points are of (issue 30 item 2); null: the whole application. */
  service: z.nullable(z.string()),
  range: z.enum(metricsRanges),
  /** raw: the samples (1h); 5m: 5-minute averages (24h, 7d); 1h: hourly averages (30d). */
  resolution: z.enum(['raw', '5m', '1h']),
  step_seconds: z.number(),
  /** True when any point comes from the simulation runtime (computed, not measured). */
  simulated: z.boolean(),
  /** Why the runtime gives no measure (French), e.g. a cluster without metrics-server. */
  notice: z.nullable(z.string()),
  /** Why the volumes' disk use is not measured (French), e.g. RBAC refusing the kubelets' stats. */
  disk_notice: z.nullable(z.string()),
  /**
   * What the application (or the service) reserves now: millicores and MB (the application's
   * storage for the disk).
   */
  limits: z.object({ cpu_milli: z.number(), ram_mb: z.number(), disk_mb: z.number() }),
  series: z.object({
    /** Seconds since 1970 (UTC), the start of each point. */
    at: values,
    cpu_milli: values,
    cpu_milli_max: values,
    ram_mb: values,
    ram_mb_max: values,
    /** Bytes per second; null where the runtime did not say. */
    rx_bps: optionalValues,
    tx_bps: optionalValues,
    /** The containers' restart total at that point. */
    restarts: optionalValues,
    /**
     * The volumes' MB used in all and the fullest volume's % of its size (the highest of the
     * bucket); null where not measured. Measured every few minutes (METRICS_DISK_SECONDS).
     */
    disk_used_mb: optionalValues,
    disk_percent: optionalValues,
  }),
});
export type MetricsHistory = z.infer<typeof metricsHistorySchema>;

/**
 * GET /dashboard/metrics/history: what every application of the caller's projects used
 * together over a period (the dashboard's graphs): the sums of the applications' averages per
 * point, against the sum of what they reserve.
 */
export const accountMetricsHistorySchema = z.object({
  range: z.enum(metricsRanges),
  /** raw: sums per sampling period (1h); 5m: 5-minute (24h, 7d); 1h: hourly (30d). */
  resolution: z.enum(['raw', '5m', '1h']),
  step_seconds: z.number(),
  simulated: z.boolean(),
  /** The applications counted (those that reserve resources now). */
  applications: z.number(),
  limits: z.object({ cpu_milli: z.number(), ram_mb: z.number() }),
  series: z.object({ at: values, cpu_milli: values, ram_mb: values }),
});
export type AccountMetricsHistory = z.infer<typeof accountMetricsHistorySchema>;
