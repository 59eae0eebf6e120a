import type { Environment, ProjectMember } from '@nuage/shared/api-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The project's environments and members, for the channel form's choices (same cache keys). */
export const environmentChoicesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['environments', projectId],
    queryFn: ({ signal }) =>
      api<Environment[]>(`/environments/${encodeURIComponent(projectId)}/environments`, { signal }),
  });

export const memberChoicesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'members'],
    queryFn: ({ signal }) =>
      api<ProjectMember[]>(`/projects/${encodeURIComponent(projectId)}/members`, { signal }),
  });
