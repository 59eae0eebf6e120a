import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /deployments/{id}/tasks/{taskId}: the task and its history. */
export function deleteTask(deploymentId: string, taskId: string) {
  return api<void>(
    `/deployments/${encodeURIComponent(deploymentId)}/tasks/${encodeURIComponent(taskId)}`,
    { method: 'DELETE', errorMessage: 'La tâche n’a pas pu être supprimée' },
  );
}

export function useDeleteTask(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => deleteTask(deploymentId, taskId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks', deploymentId] }),
  });
}
