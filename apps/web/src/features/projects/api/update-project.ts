import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { ProjectInput } from '@nuage/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProjectLists, projectQueryOptions } from '@/lib/project-query';

export function updateProject({ projectId, data }: { projectId: string; data: ProjectInput }) {
  return api<Project>(`/projects/${encodeURIComponent(projectId)}`, {
    method: 'PUT',
    body: { ...data, description: data.description || null },
    errorMessage: projectErrors.projectUpdate,
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(projectQueryOptions(project.id).queryKey, project);
      return invalidateProjectLists(queryClient);
    },
  });
}
