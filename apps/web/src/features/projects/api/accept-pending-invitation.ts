import type { AcceptInvitationResult } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pendingInvitationsQueryOptions } from './get-pending-invitations';
import { invalidateProjectLists } from '@/lib/project-query';

export function acceptPendingInvitation(invitationId: string) {
  return api<AcceptInvitationResult>(
    `/invitations/pending/${encodeURIComponent(invitationId)}/accept`,
    { method: 'POST', errorMessage: projectErrors.invitationAccept },
  );
}

export function useAcceptPendingInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPendingInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingInvitationsQueryOptions().queryKey }),
        invalidateProjectLists(queryClient),
      ]),
  });
}
