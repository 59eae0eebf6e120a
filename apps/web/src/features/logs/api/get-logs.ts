import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /deployments/deployment/{id}/logs: the last 500 lines of every pod (developer+). */
export function getLogs(id: string, signal?: AbortSignal) {
  return api<{ logs: string }>(`/deployments/deployment/${encodeURIComponent(id)}/logs`, {
    signal,
    errorMessage: false,
  });
}

export const LOGS_POLL_MS = 2000;

/** Read again every ~2 s while the panel is open, so it follows new lines. */
export const logsQueryOptions = (id: string, intervalMs = LOGS_POLL_MS) =>
  queryOptions({
    queryKey: ['deployments', 'logs', id],
    queryFn: ({ signal }) => getLogs(id, signal),
    refetchInterval: intervalMs,
    staleTime: 0,
    retry: false,
  });
