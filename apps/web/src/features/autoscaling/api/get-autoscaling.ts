import type { Autoscaling } from '@nuage/shared/schemas/responses/autoscaling';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Decisions come once per period (30 s by default): reading as often shows them soon enough. */
export const autoscalingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['deployments', 'autoscaling', id],
    queryFn: ({ signal }) =>
      api<Autoscaling>(`/deployments/${encodeURIComponent(id)}/autoscaling`, {
        signal,
        errorMessage: false,
      }),
    refetchInterval: 30_000,
    retry: false,
  });
