import { metricAlertTexts } from '@nuage/shared/messages/metric-alerts';
import type { MetricAlertRuleInput } from '@nuage/shared/schemas/metric-alerts';
import type { MetricAlertRule, MetricAlerts } from '@nuage/shared/schemas/responses/metric-alerts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const base = (id: string) => `/deployments/${encodeURIComponent(id)}/metric-alerts`;

/** The rules are evaluated once a minute: reading every 30 s shows a new alert soon enough. */
export const metricAlertsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['deployments', 'metric-alerts', id],
    queryFn: ({ signal }) =>
      api<MetricAlerts>(base(id), {
        signal,
        // Informative: a failure says so in the card, not a toast every 30 s.
        errorMessage: false,
      }),
    refetchInterval: 30_000,
    retry: false,
  });

/** POST (no id) or PUT (an id) one rule (developers and admins). */
export function useSaveMetricAlertRule(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id?: string; rule: MetricAlertRuleInput }) =>
      api<MetricAlertRule>(
        id ? `${base(deploymentId)}/${encodeURIComponent(id)}` : base(deploymentId),
        {
          method: id ? 'PUT' : 'POST',
          body: rule,
          errorMessage: metricAlertTexts.saveError,
        },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: metricAlertsQueryOptions(deploymentId).queryKey }),
  });
}

export function useDeleteMetricAlertRule(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`${base(deploymentId)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        errorMessage: metricAlertTexts.deleteError,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: metricAlertsQueryOptions(deploymentId).queryKey }),
  });
}
