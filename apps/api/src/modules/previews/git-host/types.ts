import type { PreviewProvider } from '@nuage/shared/schemas/responses/previews';

/** The pull request a report is about, and how to reach its host's API. */
export interface PullRequestTarget {
  provider: PreviewProvider;
  /** The host's REST API root: https://api.github.com, https://gitlab.example.com/api/v4, https://gitea.example.com/api/v1. */
  apiUrl: string;
  /** The base repository's path on its host: `owner/name` (GitLab: the project's full path). */
  repository: string;
  number: number;
  /** The commit the status is set on. */
  headSha: string;
  /** The project's token, in clear (never logged). */
  token: string;
}

export type CommitStatusState = 'pending' | 'success' | 'failure' | 'error';

export interface CommitStatus {
  state: CommitStatusState;
  /** Short French text (GitHub keeps 140 characters). */
  description: string;
  /** The preview's address when ready, the build log's page otherwise. */
  targetUrl: string | null;
  /** The status's name on the host (the same for every update, so it is replaced). */
  context: string;
}

/** The host answered an error or could not be reached: its HTTP status, or 'network'. */
export class GitHostError extends Error {
  constructor(
    message: string,
    readonly status: number | 'network',
  ) {
    super(message);
  }
}

/**
 * Writes back to a pull request: the commit status, and one comment updated in place
 * (created when `commentId` is null or the comment was deleted on the host).
 */
export interface GitHostReporter {
  setCommitStatus(target: PullRequestTarget, status: CommitStatus): Promise<void>;
  /** Answers the comment's id on the host (the given one when updated). */
  upsertComment(
    target: PullRequestTarget,
    comment: { body: string; commentId: string | null },
  ): Promise<{ commentId: string }>;
}
