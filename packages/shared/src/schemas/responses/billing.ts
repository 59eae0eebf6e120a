import { z } from 'zod/mini';
import { planIds } from '../../plans';

/** GET /billing: the account's plan and what this month costs, in XOF. */
export const billSchema = z.object({
  plan: z.object({
    id: z.enum(planIds),
    name: z.string(),
    monthly_price_xof: z.number(),
    project_limit: z.nullable(z.number()),
  }),
  projects_owned: z.number(),
  /** First day of the month (UTC) and now: the period the consumption covers. */
  period: z.object({ start: z.string(), end: z.string(), now: z.string() }),
  /** The applications' resources, per month at today's configuration (the costs' table). */
  resources_monthly_xof: z.number(),
  /** Consumed since the start of the month: the plan plus each application's time running. */
  consumed_xof: z.number(),
  /** The month's total if nothing changes until its end. */
  projected_xof: z.number(),
  applications_count: z.number(),
});
export type Bill = z.infer<typeof billSchema>;

/** PUT /billing/plan: the new bill and what changed, in French. */
export const planChangedSchema = z.extend(billSchema, { message: z.string() });
