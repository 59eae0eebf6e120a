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
  range: z.enum(metricsRanges),
  /** raw: the samples (1h); 5m: 5-minute averages (24h, 7d); 1h: hourly averages (30d). */
  resolution: z.enum(['raw', '5m', '1h']),
  step_seconds: z.number(),
  /** True when any point comes from the simulation runtime (computed, not measured). */
  simulated: z.boolean(),
  /** Why the runtime gives no measure (French), e.g. a cluster without metrics-server. */
  notice: z.nullable(z.string()),
  /** What the application reserves now: millicores and MB. */
  limits: z.object({ cpu_milli: z.number(), ram_mb: z.number() }),
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
  }),
});
export type MetricsHistory = z.infer<typeof metricsHistorySchema>;
