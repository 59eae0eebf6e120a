import type { ChannelTestResult } from '@nuage/shared/schemas/responses/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { channelsKey } from './get-channels';
import { deliveriesKey } from './get-deliveries';

/** POST …/{channelId}/test: sent now; the answer says whether the service took it, and why not. */
export function testChannel(projectId: string, channelId: string) {
  return api<ChannelTestResult>(
    `/projects/${encodeURIComponent(projectId)}/notification-channels/${encodeURIComponent(channelId)}/test`,
    { method: 'POST' },
  );
}

export function useTestChannel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) => testChannel(projectId, channelId),
    onSuccess: (_result, channelId) => {
      void queryClient.invalidateQueries({ queryKey: channelsKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(projectId, channelId) });
    },
  });
}
