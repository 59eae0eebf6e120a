import type { AcceptInvitationResult } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import type { AcceptInvitationInput } from '@nuage/shared/schemas/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Uses the link once; without an account it creates one and returns its access token. */
export function acceptInvitation(input: AcceptInvitationInput) {
  return api<AcceptInvitationResult>('/invitations/accept', {
    method: 'POST',
    body: input,
    errorMessage: projectErrors.invitationAccept,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The new project joins the lists. (Not the link's own query: the page leaves at once.)
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
        queryClient.invalidateQueries({ queryKey: ['invitations', 'pending'] }),
      ]),
  });
}
