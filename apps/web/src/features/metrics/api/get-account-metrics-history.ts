import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { AccountMetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { METRICS_REFRESH_MS } from './get-metrics-history';

export function getAccountMetricsHistory(range: MetricsRange, signal?: AbortSignal) {
  // Informative: a failure says so in the card, not in a toast.
  return api<AccountMetricsHistory>(`/dashboard/metrics/history?range=${range}`, {
    signal,
    errorMessage: false,
  });
}

export const accountMetricsHistoryQueryOptions = (range: MetricsRange) =>
  queryOptions({
    queryKey: ['dashboard', 'metrics-history', range],
    queryFn: ({ signal }) => getAccountMetricsHistory(range, signal),
    refetchInterval: METRICS_REFRESH_MS[range],
    retry: false,
  });
