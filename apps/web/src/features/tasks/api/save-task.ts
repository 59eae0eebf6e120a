import type { Task } from '@nuage/shared/schemas/responses/tasks';
import type { CreateTaskInput } from '@nuage/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const base = (deploymentId: string) => `/deployments/${encodeURIComponent(deploymentId)}/tasks`;

/** POST /deployments/{id}/tasks, or PUT …/tasks/{taskId} when `taskId` is given. */
export function saveTask(deploymentId: string, input: Partial<CreateTaskInput>, taskId?: string) {
  return api<Task>(
    taskId ? `${base(deploymentId)}/${encodeURIComponent(taskId)}` : base(deploymentId),
    {
      method: taskId ? 'PUT' : 'POST',
      body: input,
      errorMessage: 'La tâche n’a pas pu être enregistrée',
    },
  );
}

export function useSaveTask(deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, taskId }: { input: Partial<CreateTaskInput>; taskId?: string }) =>
      saveTask(deploymentId, input, taskId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks', deploymentId] }),
  });
}
