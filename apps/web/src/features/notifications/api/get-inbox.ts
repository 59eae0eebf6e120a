import type { UserNotifications } from '@nuage/shared/schemas/responses/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const inboxKey = ['notifications', 'inbox'] as const;

/**
 * GET /users/me/notifications: the bell learns of a new notification without a reload, looked
 * at again every 30 s while the tab is shown (one small query per user: a push channel would
 * cost more than it saves), and at once when the tab comes back to the front.
 */
export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKey,
    queryFn: ({ signal }) =>
      api<UserNotifications>('/users/me/notifications', { signal, errorMessage: false }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

/** POST /users/me/notifications/read: every entry when no ids are given. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      api<null>('/users/me/notifications/read', { method: 'POST', body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}
