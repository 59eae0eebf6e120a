import type { Bill } from '@nuage/shared/billing-types';
import type { PlanId } from '@nuage/shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryOptions } from './get-billing';

export function changePlan(plan: PlanId) {
  return api<Bill & { message: string }>('/billing/plan', {
    method: 'PUT',
    body: { plan },
    errorMessage: 'Erreur lors du changement d’offre',
  });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: ({ message: _message, ...bill }) =>
      queryClient.setQueryData(billingQueryOptions().queryKey, bill),
  });
}
