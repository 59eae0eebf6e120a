/**
 * GET /api/v1/dashboard: the whole tree (projects, environments, applications), the status page's
 * read; GET /api/v1/dashboard/summary: the dashboard page's figures, without the tree.
 */
import { z } from 'zod/mini';
import { environmentTypes } from '../environments';
import { environmentStatusSchema } from './environments';
import { monthCostsSchema } from './billing';
import { usageSummarySchema } from './pricing';
import { projectResponseSchema } from './projects';

/**
 * An application as the dashboard and the status page list it: its name, type, status, replicas
 * and those ready, and what the usage bars count. Not the detail (about 45 fields, 2 KB an
 * application): the dashboard of 400 applications was 824 KB and ~50 ms of CPU a read
 * (issue 32); each application's own page reads its detail.
 */
export const dashboardApplicationSchema = z.object({
  id: z.string(),
  nom: z.string(),
  template: z.string(),
  /** registry:tag, with the template what names the type (deploymentTypeLabel). */
  image_url: z.string(),
  statut_deploiement: z.string(),
  replicas: z.number(),
  cpu_requis: z.number(),
  ram_requise: z.number(),
  /**
   * Its instances running and ready (readyReplicas), not its pods: the status page shows only
   * that count, and the pods were a third of the answer for 400 applications (issue 32).
   */
  replicas_pretes: z.number(),
});
export type DashboardApplication = z.infer<typeof dashboardApplicationSchema>;

export const dashboardEnvironmentSchema = z.object({
  id: z.string(),
  nom: z.string(),
  type: z.enum(environmentTypes),
  namespace_k8s_id: z.string(),
  status: environmentStatusSchema,
  applications: z.array(dashboardApplicationSchema),
});
export type DashboardEnvironment = z.infer<typeof dashboardEnvironmentSchema>;

export const dashboardProjectSchema = z.extend(projectResponseSchema, {
  environments: z.array(dashboardEnvironmentSchema),
});
export type DashboardProject = z.infer<typeof dashboardProjectSchema>;

/** Month-on-month change from stored monthly snapshots; null fields when there is no previous month. */
export const costTrendSchema = z.object({
  current_month: z.string(),
  previous_month: z.nullable(z.string()),
  previous_monthly_cost: z.nullable(z.number()),
  change_percent: z.nullable(z.number()),
});
export type CostTrend = z.infer<typeof costTrendSchema>;

export const dashboardBackupFailureSchema = z.object({
  application_id: z.string(),
  application_nom: z.string(),
  projet_nom: z.string(),
  /** What failed: the latest backup, the weekly test restore, or a restore into a held application. */
  operation: z.enum(['sauvegarde', 'restauration', 'restauration de test']),
  erreur: z.nullable(z.string()),
  date: z.string(),
});
export type DashboardBackupFailure = z.infer<typeof dashboardBackupFailureSchema>;

const totalsSchema = z.object({
  projects: z.number(),
  environments: z.number(),
  applications: z.number(),
  active_applications: z.number(),
});

/**
 * `month`: the account's month (plan, consumed so far, projection), the figures of the
 * billing card; the rest: each project's resources per month at today's configuration.
 */
const dashboardCostsSchema = z.extend(usageSummarySchema, {
  trend: costTrendSchema,
  month: monthCostsSchema,
});

export const dashboardResponseSchema = z.object({
  runtime: z.object({ name: z.string(), simulation: z.boolean() }),
  generated_at: z.string(),
  totals: totalsSchema,
  projects: z.array(dashboardProjectSchema),
  costs: dashboardCostsSchema,
  /** Applications whose latest backup, or latest test restore, failed: shown loudly. */
  sauvegardes_en_echec: z.array(dashboardBackupFailureSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** One bar of « Utilisation des ressources » (dashboard-usage.ts). */
export const usageBarSchema = z.object({
  /** 0 to 100, one decimal. */
  percent: z.number(),
  /** What is counted (cores, GB); null for bandwidth, which is only a percentage. */
  used: z.nullable(z.number()),
  /** The summed quota it is measured against; null for bandwidth. */
  limit: z.nullable(z.number()),
});
export type UsageBar = z.infer<typeof usageBarSchema>;

export const dashboardUsageSchema = z.object({
  active_deployments: z.number(),
  cpu: usageBarSchema,
  ram: usageBarSchema,
  storage: usageBarSchema,
  bandwidth: usageBarSchema,
});
export type DashboardUsage = z.infer<typeof dashboardUsageSchema>;

/**
 * GET /api/v1/dashboard/summary: what the dashboard page shows (counts, usage bars, costs, failed
 * backups) without the projects' tree, so its cost does not grow with every application's name,
 * image and status (issue 32: 133 KB for 400 applications, of which the page drew none).
 */
export const dashboardSummaryResponseSchema = z.object({
  runtime: z.object({ name: z.string(), simulation: z.boolean() }),
  generated_at: z.string(),
  totals: totalsSchema,
  usage: dashboardUsageSchema,
  costs: dashboardCostsSchema,
  sauvegardes_en_echec: z.array(dashboardBackupFailureSchema),
});
export type DashboardSummaryResponse = z.infer<typeof dashboardSummaryResponseSchema>;
