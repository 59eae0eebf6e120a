/** Metric alert rules and their alerts (issue 28 item 6). */
import { z } from 'zod/mini';
import { metricAlertKinds } from '../metric-alerts';

export const metricAlertRuleResponseSchema = z.object({
  id: z.string(),
  type: z.enum(metricAlertKinds),
  seuil: z.number(),
  minutes: z.number(),
  active: z.boolean(),
});
export type MetricAlertRule = z.infer<typeof metricAlertRuleResponseSchema>;

export const metricAlertIncidentSchema = z.object({
  id: z.string(),
  regle_id: z.string(),
  type: z.enum(metricAlertKinds),
  seuil: z.number(),
  minutes: z.number(),
  debut: z.string(),
  /** null: still going on. */
  fin: z.nullable(z.string()),
  /** The window's average when it opened: a percentage of the limit, or a number of restarts. */
  valeur: z.number(),
});
export type MetricAlertIncident = z.infer<typeof metricAlertIncidentSchema>;

/** GET /deployments/{id}/metric-alerts. */
export const metricAlertsSchema = z.object({
  application_id: z.string(),
  regles: z.array(metricAlertRuleResponseSchema),
  /** Open ones first, then the last 30 days' (20 at most). */
  incidents: z.array(metricAlertIncidentSchema),
  /** Whether the runtime counts restarts (Kubernetes' metrics do not). */
  redemarrages_mesures: z.boolean(),
});
export type MetricAlerts = z.infer<typeof metricAlertsSchema>;
