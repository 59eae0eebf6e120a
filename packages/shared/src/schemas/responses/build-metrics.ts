/** What one build used while it ran (issue 28 item 1, builds). */
import { z } from 'zod/mini';
import { buildStatusValues } from './builds';

const values = z.array(z.number());

/**
 * GET /builds/{buildId}/metrics: the samples taken while the build ran (one column per series,
 * oldest first), its peaks, and the limits every build runs under.
 */
export const buildMetricsSchema = z.object({
  build_id: z.string(),
  status: z.enum(buildStatusValues),
  /** Seconds between two samples (BUILD_METRICS_SAMPLE_SECONDS). */
  interval_seconds: z.number(),
  /** True when the values come from the simulation runtime (computed, not measured). */
  simulated: z.boolean(),
  /** Why the build's usage is not measured (French), e.g. a cluster without metrics-server. */
  notice: z.nullable(z.string()),
  /** The highest values measured (null: none yet). */
  peak: z.object({ cpu_milli: z.nullable(z.number()), ram_mb: z.nullable(z.number()) }),
  /** BUILD_CPU (millicores) and BUILD_RAM_MB: what each build may use. */
  limits: z.object({ cpu_milli: z.number(), ram_mb: z.number() }),
  series: z.object({
    /** Seconds since 1970 (UTC). */
    at: values,
    cpu_milli: values,
    ram_mb: values,
  }),
});
export type BuildMetrics = z.infer<typeof buildMetricsSchema>;
