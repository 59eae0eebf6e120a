import type { MessageResponse } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProjectLists, projectQueryOptions } from '@/lib/project-query';

export function deleteProject(projectId: string) {
  return api<MessageResponse>(`/projects/${encodeURIComponent(projectId)}`, {
    method: 'DELETE',
    errorMessage: projectErrors.projectDelete,
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, projectId) => {
      // Its detail, members and environments are gone with it.
      queryClient.removeQueries({ queryKey: projectQueryOptions(projectId).queryKey });
      queryClient.removeQueries({ queryKey: ['environments', projectId] });
      // A place under the plan's project limit is free again.
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
      return invalidateProjectLists(queryClient);
    },
  });
}
