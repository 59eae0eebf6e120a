import { z } from 'zod/mini';
import { metricAlertTexts as t } from '../messages/metric-alerts';

/**
 * What a metric alert rule watches (issue 28 item 6): CPU and memory (% of the limit), restarts,
 * the share of 5xx answers among the requests the edge served (traffic metrics), and the
 * fullest volume's use (% of its size).
 */
export const metricAlertKinds = ['cpu', 'memory', 'restarts', 'errors5xx', 'disk'] as const;
export type MetricAlertKind = (typeof metricAlertKinds)[number];

/** The rules the « Alertes » card offers in one click. */
export const defaultMetricAlertRules = [
  { type: 'cpu', seuil: 90, minutes: 10, active: true },
  { type: 'memory', seuil: 90, minutes: 10, active: true },
  { type: 'disk', seuil: 90, minutes: 10, active: true },
] as const satisfies readonly MetricAlertRuleInput[];

const inRange = (n: number, min: number, max: number) =>
  Number.isInteger(n) && n >= min && n <= max;
const whole = (message: string, min: number, max: number) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message));

/**
 * POST /deployments/{id}/metric-alerts and PUT …/{ruleId}. `seuil`: a percentage of the
 * application's limit for CPU and memory, a number of restarts (strictly more) for restarts.
 */
export const metricAlertRuleSchema = z
  .object({
    type: z.enum(metricAlertKinds, { error: t.kindInvalid }),
    // Its bounds depend on the measure: checked below, with the measure's own message.
    seuil: z.number(t.percentInvalid),
    minutes: whole(t.minutesInvalid, 1, 120),
    active: z.boolean(t.activeInvalid),
  })
  .check(
    z.refine((r) => r.type !== 'restarts' || inRange(r.seuil, 1, 1000), {
      error: t.countInvalid,
      path: ['seuil'],
    }),
    z.refine((r) => r.type === 'restarts' || inRange(r.seuil, 1, 100), {
      error: t.percentInvalid,
      path: ['seuil'],
    }),
  );
export type MetricAlertRuleInput = z.infer<typeof metricAlertRuleSchema>;
