import type { StatusPage } from '@nuage/shared/schemas/responses/uptime';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const statusPageQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'status-page'],
    queryFn: ({ signal }) =>
      api<StatusPage>(`/projects/${encodeURIComponent(projectId)}/status-page`, { signal }),
  });
