import type { CreateChannelInput } from '@nuage/shared/schemas/notifications';
import type { NotificationChannel } from '@nuage/shared/schemas/responses/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { channelsKey } from './get-channels';

/** POST …/notification-channels, or PUT …/{channelId} (blank secrets keep the stored ones). */
export function saveChannel(projectId: string, channelId: string | null, body: CreateChannelInput) {
  const base = `/projects/${encodeURIComponent(projectId)}/notification-channels`;
  return api<NotificationChannel>(channelId ? `${base}/${encodeURIComponent(channelId)}` : base, {
    method: channelId ? 'PUT' : 'POST',
    body,
    // Refusals are placed at their field by the form.
    errorMessage: false,
  });
}

export function useSaveChannel(projectId: string, channelId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChannelInput) => saveChannel(projectId, channelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKey(projectId) }),
  });
}
