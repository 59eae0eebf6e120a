/** GET /billing: `z.infer` of schemas/responses/billing.ts. */
export type { Bill } from './schemas/responses/billing';
