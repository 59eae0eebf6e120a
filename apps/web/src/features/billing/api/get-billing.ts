import type { Bill } from '@nuage/shared/billing-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const billingErrors = { load: 'Erreur lors du chargement de la facturation' } as const;

/** GET /billing: the plan and this month's bill. */
export const billingQueryOptions = () =>
  queryOptions({
    queryKey: ['billing'],
    queryFn: ({ signal }) => api<Bill>('/billing', { signal, errorMessage: billingErrors.load }),
  });
