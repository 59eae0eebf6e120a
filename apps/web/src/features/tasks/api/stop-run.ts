import type { TaskRun } from '@nuage/shared/schemas/responses/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST …/task-runs/{runId}/stop: « Arrêter ». */
export function stopRun(deploymentId: string, runId: string) {
  return api<TaskRun>(
    `/deployments/${encodeURIComponent(deploymentId)}/task-runs/${encodeURIComponent(runId)}/stop`,
    { method: 'POST', errorMessage: 'L’exécution n’a pas pu être arrêtée' },
  );
}

export function useStopRun(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => stopRun(deploymentId, runId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks', deploymentId] }),
  });
}
