import type { AddMemberResult } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { InviteMemberInput } from '@nuage/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryOptions } from './get-members';
import { projectInvitationsQueryOptions } from './get-project-invitations';

/** Adds an existing account at once, or e-mails an invitation to an address without one. */
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
    onSuccess: (result, { projectId }) =>
      queryClient.invalidateQueries({
        queryKey:
          result.type === 'member_added'
            ? membersQueryOptions(projectId).queryKey
            : projectInvitationsQueryOptions(projectId).queryKey,
      }),
  });
}
