import type { ApplicationUptime } from '@nuage/shared/schemas/responses/uptime';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getUptime(id: string, signal?: AbortSignal) {
  return api<ApplicationUptime>(`/deployments/${encodeURIComponent(id)}/uptime`, {
    signal,
    // Informative: a failure says so in the card, not a toast every 30 s.
    errorMessage: false,
  });
}

/** The checks come once a minute: reading every 30 s shows a new one soon enough. */
export const uptimeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['deployments', 'uptime', id],
    queryFn: ({ signal }) => getUptime(id, signal),
    refetchInterval: 30_000,
    retry: false,
  });
