import { errors } from '@nuage/shared/messages';
import type { ProfileUpdate, UserProfile } from '@nuage/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions, useSessionToken } from '@/lib/auth';

export function updateProfile(input: ProfileUpdate) {
  return api<UserProfile>('/users/me', {
    method: 'PUT',
    body: input,
    errorMessage: errors.profileUpdate,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: updateProfile,
    // The signed-in user is this query: the menu shows the new name at once.
    onSuccess: (profile) => queryClient.setQueryData(meQueryOptions(token).queryKey, profile),
  });
}
