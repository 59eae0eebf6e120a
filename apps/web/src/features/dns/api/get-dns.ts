import type { DnsHelp } from '@nuage/shared/dns-help';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /deployments/deployment/{id}/dns: the record to create and the server's DNS check. */
export function getDnsHelp(id: string, signal?: AbortSignal) {
  return api<DnsHelp>(`/deployments/deployment/${encodeURIComponent(id)}/dns`, {
    signal,
    errorMessage: false,
  });
}

export const dnsQueryOptions = (id: string, domain: string) =>
  queryOptions({
    // The domain is in the key: an edited domain is checked afresh.
    queryKey: ['deployments', 'dns', id, domain] as const,
    queryFn: ({ signal }) => getDnsHelp(id, signal),
    staleTime: 30_000,
    retry: false,
  });
