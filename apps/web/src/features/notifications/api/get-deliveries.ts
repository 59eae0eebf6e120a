import type { NotificationDelivery } from '@nuage/shared/schemas/responses/notifications';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deliveriesKey = (projectId: string, channelId: string) =>
  ['notification-channels', projectId, channelId, 'deliveries'] as const;

/** GET …/{channelId}/deliveries: the channel's last 50 messages with their last error. */
export function getDeliveries(projectId: string, channelId: string, signal?: AbortSignal) {
  return api<NotificationDelivery[]>(
    `/projects/${encodeURIComponent(projectId)}/notification-channels/${encodeURIComponent(channelId)}/deliveries`,
    { signal },
  );
}

export const deliveriesQueryOptions = (projectId: string, channelId: string) =>
  queryOptions({
    queryKey: deliveriesKey(projectId, channelId),
    queryFn: ({ signal }) => getDeliveries(projectId, channelId, signal),
  });
