import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

interface Measure {
  used: number;
  limit: number;
  percent: number;
}

/** GET /monitoring/applications/{id}/metrics: live usage against what the application reserves. */
export interface ApplicationMetrics {
  application_id: string;
  available: boolean;
  message: string | null;
  source: string;
  collected_at: string;
  cpu: Measure;
  ram: Measure;
  storage: { reserved: number };
  pods: { name: string; cpu: number; ram: number }[];
}

export function getMetrics(id: string, signal?: AbortSignal) {
  return api<ApplicationMetrics>(`/monitoring/applications/${encodeURIComponent(id)}/metrics`, {
    signal,
    // Informative: a failure shows 'indisponible' in the card, not a toast every 10 s.
    errorMessage: false,
  });
}

export const metricsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['deployments', 'metrics', id],
    queryFn: ({ signal }) => getMetrics(id, signal),
    refetchInterval: 10_000,
    retry: false,
  });
