import type { ProjectMember } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getMembers(projectId: string, signal?: AbortSignal) {
  return api<ProjectMember[]>(`/projects/${encodeURIComponent(projectId)}/members`, {
    signal,
    errorMessage: projectErrors.load,
  });
}

export const membersQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'members'],
    queryFn: ({ signal }) => getMembers(projectId, signal),
  });
