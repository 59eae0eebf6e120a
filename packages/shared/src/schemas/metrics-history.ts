import { z } from 'zod/mini';
import { metricsHistoryTexts } from '../messages/metrics-history';

/** The periods the application page offers, and the resolution each one reads. */
export const metricsRanges = ['1h', '24h', '7d', '30d'] as const;
export type MetricsRange = (typeof metricsRanges)[number];

/** GET /monitoring/applications/{id}/metrics/history?range=…; 24h when absent. */
export const metricsHistoryQuerySchema = z.object({
  range: z._default(z.enum(metricsRanges, metricsHistoryTexts.rangeInvalid), '24h'),
});
