import type { PlanId } from './plans';

/** GET /billing: the account's plan and what this month costs, in XOF. */
export interface Bill {
  plan: { id: PlanId; name: string; monthly_price_xof: number; project_limit: number | null };
  projects_owned: number;
  /** First day of the month (UTC) and now: the period the consumption covers. */
  period: { start: string; end: string; now: string };
  /** The applications' resources, per month at today's configuration (the costs' table). */
  resources_monthly_xof: number;
  /** Consumed since the start of the month: the plan plus each application's time running. */
  consumed_xof: number;
  /** The month's total if nothing changes until its end. */
  projected_xof: number;
  applications_count: number;
}
