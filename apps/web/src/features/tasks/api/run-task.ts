import type { TaskRun } from '@nuage/shared/schemas/responses/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Started = { message: string; execution: TaskRun };

/** POST …/tasks/{taskId}/run: « Exécuter maintenant ». */
export function runTaskNow(deploymentId: string, taskId: string) {
  return api<Started>(
    `/deployments/${encodeURIComponent(deploymentId)}/tasks/${encodeURIComponent(taskId)}/run`,
    { method: 'POST', errorMessage: 'La tâche n’a pas pu être lancée' },
  );
}

/** POST /deployments/{id}/commands: a one-off command (its output is then streamed). */
export function runCommand(deploymentId: string, commande: string, delai_max_secondes: number) {
  return api<Started>(`/deployments/${encodeURIComponent(deploymentId)}/commands`, {
    method: 'POST',
    body: { commande, delai_max_secondes },
    // The dialog says why itself, a quota refusal's object detail included.
    errorMessage: false,
  });
}

export function useRunTaskNow(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => runTaskNow(deploymentId, taskId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks', deploymentId] }),
  });
}

export function useRunCommand(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commande, timeout }: { commande: string; timeout: number }) =>
      runCommand(deploymentId, commande, timeout),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks', deploymentId] }),
  });
}
