import type { MessageResponse } from '@nuage/shared/api-types';
import { projectErrors } from '@nuage/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Removes a member (admins), or the caller themselves (leaving the project). */
export function removeMember({ projectId, memberId }: { projectId: string; memberId: string }) {
  return api<MessageResponse>(
    `/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(memberId)}`,
    { method: 'DELETE', errorMessage: projectErrors.memberRemove },
  );
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_result, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: ['projects', projectId] }),
  });
}
