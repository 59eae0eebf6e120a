import type { PendingInvitation } from '@nuage/shared/api-types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Invitations addressed to the signed-in user that they have not accepted yet. */
export function getPendingInvitations(signal?: AbortSignal) {
  // A side panel of /projects: its failure must not add a toast to the list's own.
  return api<PendingInvitation[]>('/invitations/pending', { signal, errorMessage: false });
}

export const pendingInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['invitations', 'pending'],
    queryFn: ({ signal }) => getPendingInvitations(signal),
  });
