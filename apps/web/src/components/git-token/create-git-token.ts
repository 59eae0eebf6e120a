import type { GitTokenSummary as GitToken } from '@nuage/shared/build-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gitTokensKey } from '@/lib/git-tokens-query';

export interface CreateGitTokenInput {
  nom: string;
  token: string;
}

/** POST /projects/{id}/git-tokens: the token is stored encrypted and never returned. */
export function createGitToken(projectId: string, input: CreateGitTokenInput) {
  return api<GitToken>(`/projects/${encodeURIComponent(projectId)}/git-tokens`, {
    method: 'POST',
    body: input,
    // 422 details are shown at the fields by the form (use-git-token-form.ts).
    errorMessage: false,
  });
}

export function useCreateGitToken(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGitTokenInput) => createGitToken(projectId, input),
    onSuccess: (token) => {
      queryClient.setQueryData<GitToken[]>(gitTokensKey(projectId), (list) => [
        ...(list ?? []),
        token,
      ]);
      return queryClient.invalidateQueries({ queryKey: gitTokensKey(projectId) });
    },
  });
}
