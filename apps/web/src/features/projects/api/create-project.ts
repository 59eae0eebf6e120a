import type { Project } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { ProjectInput } from '@nuage/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProjectLists } from '@/lib/project-query';

export function createProject(input: ProjectInput) {
  return api<Project>('/projects/', {
    method: 'POST',
    body: { ...input, description: input.description || null },
    errorMessage: projectErrors.projectCreate,
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () =>
      Promise.all([
        invalidateProjectLists(queryClient),
        // The plan's project count (/projects shows it, « Nouveau projet » checks it).
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]),
  });
}
