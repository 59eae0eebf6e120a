import type { GitTokenSummary } from '@nuage/shared/build-types';
import { codeAppErrors } from '@nuage/shared/code-app-texts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /projects/{id}/git-tokens: names and dates only, never a token's value. Shared by the
 * project's tokens card, the inline CODE form and the source edit modal (one cache entry, the
 * same key as the wizard's).
 */
export function getGitTokens(projectId: string, signal?: AbortSignal) {
  return api<GitTokenSummary[]>(`/projects/${encodeURIComponent(projectId)}/git-tokens`, {
    signal,
    errorMessage: codeAppErrors.gitTokensLoad,
  });
}

export const gitTokensKey = (projectId: string) => ['git-tokens', projectId] as const;

export const gitTokensQuery = (projectId: string) =>
  queryOptions({
    queryKey: gitTokensKey(projectId),
    queryFn: ({ signal }) => getGitTokens(projectId, signal),
  });
