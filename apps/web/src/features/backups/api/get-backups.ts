import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getBackups(deploymentId: string, signal?: AbortSignal) {
  return api<SauvegardesApplication>(`/deployments/${encodeURIComponent(deploymentId)}/backups`, {
    signal,
    errorMessage: operationsErrors.dataLoad,
  });
}

export const backupsQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: ['backups', deploymentId],
    queryFn: ({ signal }) => getBackups(deploymentId, signal),
  });
