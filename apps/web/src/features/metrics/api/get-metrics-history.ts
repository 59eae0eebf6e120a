import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The application's history, or one of its Compose services' (`service`). */
export function getMetricsHistory(
  id: string,
  range: MetricsRange,
  service: string | null,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ range });
  if (service) query.set('service', service);
  return api<MetricsHistory>(
    `/monitoring/applications/${encodeURIComponent(id)}/metrics/history?${query}`,
    // Informative, like the live usage: a failure says so in the card, not in a toast.
    { signal, errorMessage: false },
  );
}

/** Refreshed about as often as a new point can appear at that resolution. */
export const METRICS_REFRESH_MS: Record<MetricsRange, number> = {
  '1h': 30_000,
  '24h': 60_000,
  '7d': 300_000,
  '30d': 600_000,
};

export const metricsHistoryQueryOptions = (
  id: string,
  range: MetricsRange,
  service: string | null = null,
) =>
  queryOptions({
    queryKey: ['deployments', 'metrics-history', id, range, service],
    queryFn: ({ signal }) => getMetricsHistory(id, range, service, signal),
    refetchInterval: METRICS_REFRESH_MS[range],
    retry: false,
  });
