/** The traffic of one application over a period, measured at the edge (issue 28 item 2). */
import { z } from 'zod/mini';
import { metricsRanges } from '../metrics-history';

const counts = z.array(z.number());
const optionalValues = z.array(z.nullable(z.number()));

/**
 * GET /monitoring/applications/{id}/traffic?range=…: one column per series, one entry per
 * period step (steps without any request count 0, with null response times), oldest first.
 */
export const trafficHistorySchema = z.object({
  application_id: z.string(),
  range: z.enum(metricsRanges),
  /** raw: per minute (1h); 5m: per 5 minutes (24h, 7d); 1h: per hour (30d). */
  resolution: z.enum(['raw', '5m', '1h']),
  step_seconds: z.number(),
  /** Where the counts come from: the docker edge proxy, ingress-nginx, or computed. */
  source: z.enum(['edge', 'ingress', 'simulation']),
  simulated: z.boolean(),
  /** Why no traffic is measured (French), e.g. a cluster without INGRESS_METRICS_URL. */
  notice: z.nullable(z.string()),
  totals: z.object({
    requests: z.number(),
    status_2xx: z.number(),
    status_3xx: z.number(),
    status_4xx: z.number(),
    status_5xx: z.number(),
  }),
  series: z.object({
    /** Seconds since 1970 (UTC), the start of each step. */
    at: counts,
    /** Mean requests per minute over the step. */
    requests_per_minute: counts,
    /** Responses of each status class in the step. */
    status_2xx: counts,
    status_3xx: counts,
    status_4xx: counts,
    status_5xx: counts,
    /** Response time percentiles (ms) from the step's histogram; null without requests. */
    p50_ms: optionalValues,
    p95_ms: optionalValues,
  }),
});
export type TrafficHistory = z.infer<typeof trafficHistorySchema>;
