import type { PlatformInfo } from '@nuage/shared/schemas/responses/platform';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /platform, shared by the signed-in shell's banners (simulation, runtime problems). */
export const platformKey = ['platform'] as const;

export const platformQueryOptions = () =>
  queryOptions({
    queryKey: platformKey,
    // Informative only: a failure shows no banner rather than an error.
    queryFn: ({ signal }) => api<PlatformInfo>('/platform', { signal, errorMessage: false }),
    // The runtime never changes while the platform runs; its problems can (a network guard that
    // stops, then is repaired): asked again every minute while a page is open.
    staleTime: 60_000,
    refetchInterval: 60_000,
    retry: false,
  });
