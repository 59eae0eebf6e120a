import type { MetricsRange } from '@nuage/shared/schemas/metrics-history';
import type { TrafficHistory } from '@nuage/shared/schemas/responses/traffic-metrics';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTraffic(id: string, range: MetricsRange, signal?: AbortSignal) {
  return api<TrafficHistory>(
    `/monitoring/applications/${encodeURIComponent(id)}/traffic?range=${range}`,
    // Informative, like the resource history: a failure says so in the card, not in a toast.
    { signal, errorMessage: false },
  );
}

/** Refreshed about as often as a new point can appear at that resolution. */
const REFRESH_MS: Record<MetricsRange, number> = {
  '1h': 60_000,
  '24h': 60_000,
  '7d': 300_000,
  '30d': 600_000,
};

export const trafficQueryOptions = (id: string, range: MetricsRange) =>
  queryOptions({
    queryKey: ['deployments', 'traffic', id, range],
    queryFn: ({ signal }) => getTraffic(id, range, signal),
    refetchInterval: REFRESH_MS[range],
    retry: false,
  });
