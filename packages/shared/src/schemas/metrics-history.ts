import { z } from 'zod/mini';
import { metricsHistoryTexts } from '../messages/metrics-history';
import { COMPOSE_SERVICE_NAME } from './compose-deploy';

/** The periods the application page offers, and the resolution each one reads. */
export const metricsRanges = ['1h', '24h', '7d', '30d'] as const;
export type MetricsRange = (typeof metricsRanges)[number];

/** GET /monitoring/applications/{id}/metrics/history?range=…; 24h when absent. */
export const metricsHistoryQuerySchema = z.object({
  range: z._default(z.enum(metricsRanges, metricsHistoryTexts.rangeInvalid), '24h'),
});

/**
 * The resources' history also takes `service`: one service of a Compose application (issue 30
 * item 2), by its Compose name; the whole application when absent.
 */
export const resourceHistoryQuerySchema = z.object({
  range: z._default(z.enum(metricsRanges, metricsHistoryTexts.rangeInvalid), '24h'),
  service: z.optional(
    z.string().check(z.regex(COMPOSE_SERVICE_NAME, metricsHistoryTexts.serviceInvalid)),
  ),
});
