import type { TasksOfApplication } from '@nuage/shared/schemas/responses/tasks';
import { operationsErrors } from '@nuage/shared/operations-messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTasks(deploymentId: string, signal?: AbortSignal) {
  return api<TasksOfApplication>(`/deployments/${encodeURIComponent(deploymentId)}/tasks`, {
    signal,
    errorMessage: operationsErrors.dataLoad,
  });
}

/** While a run is going, the list is read again every few seconds (its status, its end). */
export const tasksQueryOptions = (deploymentId: string) =>
  queryOptions({
    queryKey: ['tasks', deploymentId],
    queryFn: ({ signal }) => getTasks(deploymentId, signal),
    refetchInterval: (query) =>
      query.state.data?.executions.some((r) => r.statut === 'running') ? 3000 : 30_000,
  });
