/** GET /billing, GET /projects/{id}/costs: `z.infer` of schemas/responses/billing.ts. */
export type { Bill, MonthCosts, ProjectMonthCosts } from './schemas/responses/billing';
