import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The certificates of the caller's projects, or of one project. */
export function getCertificates(projectId: string | undefined, signal?: AbortSignal) {
  return api<Certificate[]>('/certificates/', {
    signal,
    query: { projet_id: projectId },
    errorMessage: certificateErrors.load,
  });
}

/** While an order or a renewal runs, the list refreshes itself to show its outcome. */
export const RENEWING_REFRESH_MS = 3_000;

export const isRenewing = (certificate: Certificate) =>
  certificate.statut === 'En cours de renouvellement';

/** Every list is under this key, whatever its project filter. */
export const certificatesKey = ['certificates'] as const;

export const certificatesQueryOptions = (projectId?: string) =>
  queryOptions({
    queryKey: [...certificatesKey, { projectId: projectId ?? null }],
    queryFn: ({ signal }) => getCertificates(projectId, signal),
    refetchInterval: (query) => (query.state.data?.some(isRenewing) ? RENEWING_REFRESH_MS : false),
  });
