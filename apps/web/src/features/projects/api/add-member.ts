import type { AddMemberResult } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { InviteMemberInput } from '@nuage/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectInvitationsQueryOptions } from './get-project-invitations';

/** Invites an address (mail, and in the app for an existing account); nobody joins without accepting. */
export function addMember({ projectId, data }: { projectId: string; data: InviteMemberInput }) {
  return api<AddMemberResult>(`/projects/${encodeURIComponent(projectId)}/members`, {
    method: 'POST',
    body: data,
    errorMessage: projectErrors.memberAdd,
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: (_result, { projectId }) =>
      queryClient.invalidateQueries({
        queryKey: projectInvitationsQueryOptions(projectId).queryKey,
      }),
  });
}
