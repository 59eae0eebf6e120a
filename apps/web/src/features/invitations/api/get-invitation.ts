import type { InvitationInfo } from '@nuage/shared/api-types';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** Public: what an invitation link offers. The page itself tells a dead link (no toast). */
export function getInvitation(token: string, signal?: AbortSignal) {
  return api<InvitationInfo>(`/invitations/${encodeURIComponent(token)}`, {
    signal,
    errorMessage: false,
  });
}

/** 404: unknown, expired or already used. */
export const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 404;

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', 'token', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: (failures, error) => failures < 1 && !isDeadLink(error),
    staleTime: Infinity,
  });
