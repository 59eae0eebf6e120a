import type { MessageResponse } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectInvitationsQueryOptions } from './get-project-invitations';

export function revokeInvitation(input: { projectId: string; invitationId: string }) {
  const { projectId, invitationId } = input;
  return api<MessageResponse>(
    `/projects/${encodeURIComponent(projectId)}/invitations/${encodeURIComponent(invitationId)}`,
    { method: 'DELETE', errorMessage: projectErrors.invitationRevoke },
  );
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_result, { projectId }) =>
      queryClient.invalidateQueries({
        queryKey: projectInvitationsQueryOptions(projectId).queryKey,
      }),
  });
}
