import { z } from 'zod/mini';
import { planIds } from '../../plans';

/**
 * The one price story (issue 33), the same figures wherever they are shown (billing card,
 * dashboard, project page), computed in one place (apps/api/src/modules/billing/month-costs.ts):
 * the plan's fixed monthly price, the resources consumed so far this month, and the month's
 * projection. Every amount in XOF.
 */
const periodSchema = z.object({ start: z.string(), end: z.string(), now: z.string() });
const planSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  monthly_price_xof: z.number(),
  project_limit: z.nullable(z.number()),
});

/** An account's month: what it pays, over the projects it owns. */
export const monthCostsSchema = z.object({
  plan: planSchema,
  /** First day of the month (UTC), first day of the next, and now: the period covered. */
  period: periodSchema,
  /**
   * The applications (from their creation in the month, at today's configuration) and the
   * backups kept, since the first of the month; the plan is not in it.
   */
  resources_consumed_xof: z.number(),
  /** The same resources to the month's end, if nothing changes. */
  resources_projected_xof: z.number(),
  /** What the month will cost if nothing changes: the plan plus resources_projected_xof. */
  projected_xof: z.number(),
});
export type MonthCosts = z.infer<typeof monthCostsSchema>;

/** GET /billing: the account's plan and what this month costs. */
export const billSchema = z.extend(monthCostsSchema, {
  projects_owned: z.number(),
  /** The applications' resources per month at today's configuration (the costs' table). */
  resources_monthly_xof: z.number(),
  applications_count: z.number(),
});
export type Bill = z.infer<typeof billSchema>;

/** PUT /billing/plan: the new bill and what changed, in French. */
export const planChangedSchema = z.extend(billSchema, { message: z.string() });

/**
 * GET /projects/{id}/costs: one project's share of the month (same rule as the account's),
 * and what its quota would cost if fully used. The plan is the owner's, paid once per account.
 */
export const projectMonthCostsSchema = z.object({
  plan: planSchema,
  /** Whether the caller owns the project (pays for it). */
  paid_by_you: z.boolean(),
  period: periodSchema,
  resources_consumed_xof: z.number(),
  resources_projected_xof: z.number(),
  /** The full quota (CPU, RAM, storage) priced per month, platform fee included. */
  full_quota_monthly_xof: z.number(),
});
export type ProjectMonthCosts = z.infer<typeof projectMonthCostsSchema>;
