import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { channelsKey } from './get-channels';

/** DELETE /projects/{id}/notification-channels/{channelId}. */
export function deleteChannel(projectId: string, channelId: string) {
  return api<null>(
    `/projects/${encodeURIComponent(projectId)}/notification-channels/${encodeURIComponent(channelId)}`,
    { method: 'DELETE' },
  );
}

export function useDeleteChannel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) => deleteChannel(projectId, channelId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKey(projectId) }),
  });
}
