import type { ProjectInvitation } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The project's open invitations (admins only). */
export function getProjectInvitations(projectId: string, signal?: AbortSignal) {
  return api<ProjectInvitation[]>(`/projects/${encodeURIComponent(projectId)}/invitations`, {
    signal,
    errorMessage: projectErrors.load,
  });
}

export const projectInvitationsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'invitations'],
    queryFn: ({ signal }) => getProjectInvitations(projectId, signal),
  });
