// The payloads of pull (merge) request events as the providers send them, for the API tests
// and the e2e files alike (no dependency on either).

/** A pull request as the test's Git host has it. */
export interface TestPullRequest {
  number: number;
  head: string;
  sha: string;
  base?: string;
  title?: string;
  /** The fork's `owner/name` and clone URL; none: the base repository's own branch. */
  fork?: { name: string; url: string };
}

/** GitHub's `pull_request` event payload (the fields the platform reads, as GitHub sends them). */
export function githubPullRequest(
  action: string,
  pr: TestPullRequest,
  repo = { name: 'equipe/api', url: 'https://git.exemple.sn/equipe/api.git' },
) {
  return {
    action,
    number: pr.number,
    pull_request: {
      number: pr.number,
      title: pr.title ?? `Pull request ${pr.number}`,
      html_url: `https://git.exemple.sn/${repo.name}/pull/${pr.number}`,
      state: action === 'closed' ? 'closed' : 'open',
      head: {
        ref: pr.head,
        sha: pr.sha,
        repo: pr.fork
          ? { full_name: pr.fork.name, clone_url: pr.fork.url }
          : { full_name: repo.name, clone_url: repo.url },
      },
      base: { ref: pr.base ?? 'main', repo: { full_name: repo.name, clone_url: repo.url } },
    },
    repository: { full_name: repo.name, clone_url: repo.url },
  };
}

/** GitLab's Merge Request Hook payload. */
export function gitlabMergeRequest(
  action: string,
  pr: TestPullRequest,
  repo = { name: 'equipe/api', url: 'https://git.exemple.sn/equipe/api.git' },
) {
  return {
    object_kind: 'merge_request',
    project: { path_with_namespace: repo.name, git_http_url: repo.url },
    object_attributes: {
      iid: pr.number,
      title: pr.title ?? `Merge request ${pr.number}`,
      url: `https://git.exemple.sn/${repo.name}/-/merge_requests/${pr.number}`,
      action,
      source_branch: pr.head,
      target_branch: pr.base ?? 'main',
      last_commit: { id: pr.sha },
      source: pr.fork
        ? { path_with_namespace: pr.fork.name, git_http_url: pr.fork.url }
        : { path_with_namespace: repo.name, git_http_url: repo.url },
      target: { path_with_namespace: repo.name, git_http_url: repo.url },
    },
  };
}
