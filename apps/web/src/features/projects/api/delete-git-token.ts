import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gitTokensKey } from '@/lib/git-tokens-query';

/** DELETE /projects/{id}/git-tokens/{tokenId}; 409 (French) while an application uses it. */
export function deleteGitToken(projectId: string, tokenId: string) {
  return api<null>(
    `/projects/${encodeURIComponent(projectId)}/git-tokens/${encodeURIComponent(tokenId)}`,
    // The refusal is shown in the confirmation dialog, where the user is looking.
    { method: 'DELETE', errorMessage: false },
  );
}

export function useDeleteGitToken(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => deleteGitToken(projectId, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gitTokensKey(projectId) }),
  });
}
