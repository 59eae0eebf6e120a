import type { BuildList } from '@nuage/shared/build-types';
import { codeAppErrors } from '@nuage/shared/code-app-texts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buildsQueryKey } from '@/lib/deployment-cache-keys';

export const BUILDS_SHOWN = 10;

/** GET /deployments/{id}/builds: the application's latest builds, newest first. */
export function getBuilds(deploymentId: string, signal?: AbortSignal) {
  return api<BuildList>(`/deployments/${encodeURIComponent(deploymentId)}/builds`, {
    signal,
    query: { limit: BUILDS_SHOWN, offset: 0 },
    errorMessage: codeAppErrors.buildsLoad,
  });
}

export const buildsQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: buildsQueryKey(deploymentId),
    queryFn: ({ signal }) => getBuilds(deploymentId, signal),
  });
