import type { NotificationPreferencesInput } from '@nuage/shared/schemas/notifications';
import type { NotificationPreferences } from '@nuage/shared/schemas/responses/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['notifications', 'preferences'] as const;

/** GET /users/me/notification-preferences. */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      api<NotificationPreferences>('/users/me/notification-preferences', { signal }),
  });

/** PUT /users/me/notification-preferences. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesInput) =>
      api<NotificationPreferences>('/users/me/notification-preferences', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
