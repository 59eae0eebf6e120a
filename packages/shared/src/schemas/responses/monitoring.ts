/** Live metrics of the runtime and the database's statistics of a project. */
import { z } from 'zod/mini';
import { resourceAmountsSchema } from './common';

const usageSchema = z.object({ used: z.number(), limit: z.number(), percent: z.number() });

/** GET /monitoring/applications/{id}/metrics: live usage against what the application reserves. */
export const applicationMetricsSchema = z.object({
  application_id: z.string(),
  application_name: z.string(),
  status: z.string(),
  /** False when the runtime gave no measure (then `message` says so, in French). */
  available: z.boolean(),
  message: z.nullable(z.string()),
  /** Where the measures come from (the runtime's name). */
  source: z.string(),
  collected_at: z.string(),
  /** Cores and GB, over every replica. */
  cpu: usageSchema,
  ram: usageSchema,
  storage: z.object({ reserved: z.number() }),
  /** Per container or pod; `service`: the Compose service it runs (null: not a Compose application). */
  pods: z.array(
    z.object({
      name: z.string(),
      cpu: z.number(),
      ram: z.number(),
      service: z.nullable(z.string()),
    }),
  ),
});
export type ApplicationMetrics = z.infer<typeof applicationMetricsSchema>;

/** GET /monitoring/projects/{id}/metrics. */
export const projectMetricsSchema = z.object({
  project_id: z.string(),
  source: z.string(),
  collected_at: z.string(),
  applications: z.array(applicationMetricsSchema),
  totals: z.object({
    cpu_used: z.number(),
    ram_used: z.number(),
    cpu_reserved: z.number(),
    ram_reserved: z.number(),
    storage_reserved: z.number(),
  }),
  quota: resourceAmountsSchema,
});
export type ProjectMetrics = z.infer<typeof projectMetricsSchema>;

/** GET /statistics/projects/{id}/statistics: counts, reservations, builds and cost. */
export const projectStatisticsSchema = z.object({
  project_id: z.string(),
  environments_count: z.number(),
  applications: z.object({
    total: z.number(),
    active: z.number(),
    by_status: z.record(z.string(), z.number()),
  }),
  resources: z.object({
    quota: resourceAmountsSchema,
    reserved: resourceAmountsSchema,
    percent: resourceAmountsSchema,
  }),
  builds: z.object({
    total: z.number(),
    success: z.number(),
    failed: z.number(),
    running: z.number(),
  }),
  cost: z.object({ monthly_xof: z.number(), yearly_xof: z.number() }),
});
export type ProjectStatistics = z.infer<typeof projectStatisticsSchema>;
