import type { QueryClient } from '@tanstack/react-query';
import { invalidateProjectLists } from '@/lib/project-query';

/** After a change to a project's environments: the list, and the project's counts. */
export function invalidateEnvironments(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['environments', projectId] }),
    queryClient.invalidateQueries({ queryKey: ['projects', projectId], exact: true }),
    invalidateProjectLists(queryClient),
  ]);
}
