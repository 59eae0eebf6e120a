import type { NotificationChannel } from '@nuage/shared/schemas/responses/notifications';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const channelsKey = (projectId: string) => ['notification-channels', projectId] as const;

/** GET /projects/{id}/notification-channels (admins): never a secret, only where messages go. */
export function getChannels(projectId: string, signal?: AbortSignal) {
  return api<NotificationChannel[]>(
    `/projects/${encodeURIComponent(projectId)}/notification-channels`,
    { signal },
  );
}

export const channelsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: channelsKey(projectId),
    queryFn: ({ signal }) => getChannels(projectId, signal),
  });
