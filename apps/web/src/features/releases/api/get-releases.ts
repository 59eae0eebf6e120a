import type { Release } from '@nuage/shared/build-types';
import { codeAppErrors } from '@nuage/shared/code-app-texts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { releasesQueryKey } from '@/lib/deployment-cache-keys';

/** GET /deployments/{id}/releases: every release, newest first, the serving one flagged. */
export function getReleases(deploymentId: string, signal?: AbortSignal) {
  return api<Release[]>(`/deployments/${encodeURIComponent(deploymentId)}/releases`, {
    signal,
    errorMessage: codeAppErrors.releasesLoad,
  });
}

export const releasesQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: releasesQueryKey(deploymentId),
    queryFn: ({ signal }) => getReleases(deploymentId, signal),
  });
