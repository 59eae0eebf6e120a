import type { Bill } from '@nuage/shared/billing-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const billingErrors = { load: 'Erreur lors du chargement de la facturation' } as const;

/**
 * GET /billing: the plan and this month's bill. `toast: false` for a screen where the bill is
 * only a hint (the project count of /projects), whose failure is not worth a message.
 */
export const billingQueryOptions = (opts: { toast?: boolean } = {}) =>
  queryOptions({
    queryKey: ['billing'],
    queryFn: ({ signal }) =>
      api<Bill>('/billing', {
        signal,
        errorMessage: opts.toast === false ? false : billingErrors.load,
      }),
  });

/** The account's projects against its plan's limit: `reached` once no other may be created. */
export function projectAllowance(bill: Bill) {
  const limit = bill.plan.project_limit;
  return {
    planName: bill.plan.name,
    owned: bill.projects_owned,
    limit,
    reached: limit !== null && bill.projects_owned >= limit,
  };
}
