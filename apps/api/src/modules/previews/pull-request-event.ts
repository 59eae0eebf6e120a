import type { PreviewProvider } from '@nuage/shared/schemas/responses/previews';
import { previewIgnoredTexts } from '@nuage/shared/messages/previews';

type Headers = Record<string, string | string[] | undefined>;

/** What a provider's pull (merge) request event asks of its preview. */
export interface PullRequestEvent {
  kind: 'open' | 'update' | 'close';
  number: number;
  title: string;
  url: string | null;
  baseBranch: string;
  headBranch: string;
  headSha: string;
  /** Where the head commit is cloned from: a fork's own repository for a fork's request. */
  headRepositoryUrl: string;
  /** The base repository's path on its host (`owner/name`). */
  repository: string;
  fromFork: boolean;
}

/** Whether the signed delivery is a pull (merge) request event rather than a push. */
export function isPullRequestEvent(provider: PreviewProvider, headers: Headers): boolean {
  if (provider === 'gitlab') return headers['x-gitlab-event'] === 'Merge Request Hook';
  const event =
    provider === 'gitea'
      ? (headers['x-gitea-event'] ?? headers['x-github-event'])
      : headers['x-github-event'];
  return event === 'pull_request';
}

// GitHub and Gitea send `opened`, `reopened`, `synchronize`/`synchronized`, `closed`, plus
// actions that change nothing built (edited, labeled, assigned, review_requested…).
const GITHUB_ACTIONS: Record<string, PullRequestEvent['kind']> = {
  opened: 'open',
  reopened: 'open',
  synchronize: 'update',
  synchronized: 'update',
  closed: 'close',
};
// GitLab: `open`, `reopen`, `update` (new commits, or only a new title), `close`, `merge`.
const GITLAB_ACTIONS: Record<string, PullRequestEvent['kind']> = {
  open: 'open',
  reopen: 'open',
  update: 'update',
  close: 'close',
  merge: 'close',
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const SHA = /^[0-9a-f]{40}$/;

/** The event's request, or why it changes no preview. */
export function pullRequestOf(
  provider: PreviewProvider,
  payload: unknown,
): PullRequestEvent | { ignored: string } {
  return provider === 'gitlab' ? gitlabEvent(payload) : githubLikeEvent(payload);
}

interface GithubRepo {
  clone_url?: unknown;
  full_name?: unknown;
}
interface GithubPayload {
  action?: unknown;
  number?: unknown;
  pull_request?: {
    number?: unknown;
    title?: unknown;
    html_url?: unknown;
    head?: { ref?: unknown; sha?: unknown; repo?: GithubRepo | null };
    base?: { ref?: unknown; repo?: GithubRepo | null };
  };
  repository?: GithubRepo;
}

function githubLikeEvent(payload: unknown): PullRequestEvent | { ignored: string } {
  const p = (payload ?? {}) as GithubPayload;
  const pr = p.pull_request ?? {};
  const number = typeof pr.number === 'number' ? pr.number : p.number;
  const baseRepo = pr.base?.repo ?? p.repository ?? {};
  const headRepo = pr.head?.repo ?? null;
  const fields = {
    baseBranch: text(pr.base?.ref),
    headBranch: text(pr.head?.ref),
    headSha: text(pr.head?.sha),
    repository: text(baseRepo.full_name),
    baseUrl: text(baseRepo.clone_url),
  };
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1)
    return { ignored: previewIgnoredTexts.malformed };
  const action = text(p.action) ?? '';
  const kind = GITHUB_ACTIONS[action];
  if (!kind) return { ignored: previewIgnoredTexts.action(number, action) };
  const { baseBranch, headBranch, headSha, repository, baseUrl } = fields;
  if (!baseBranch || !headBranch || !headSha || !SHA.test(headSha) || !repository || !baseUrl)
    return { ignored: previewIgnoredTexts.malformed };
  // A deleted fork leaves `head.repo` null: its commits are still reachable through the base
  // repository (GitHub serves pull requests' commits there), so it is as untrusted as a fork.
  const headName = text(headRepo?.full_name);
  const fromFork = headName === null || headName.toLowerCase() !== repository.toLowerCase();
  return {
    kind,
    number,
    title: text(pr.title) ?? `#${number}`,
    url: text(pr.html_url),
    baseBranch,
    headBranch,
    headSha,
    headRepositoryUrl: fromFork ? (text(headRepo?.clone_url) ?? baseUrl) : baseUrl,
    repository,
    fromFork,
  };
}

interface GitlabProject {
  git_http_url?: unknown;
  path_with_namespace?: unknown;
}
interface GitlabPayload {
  object_kind?: unknown;
  object_attributes?: {
    iid?: unknown;
    title?: unknown;
    url?: unknown;
    action?: unknown;
    source_branch?: unknown;
    target_branch?: unknown;
    last_commit?: { id?: unknown };
    source?: GitlabProject;
    target?: GitlabProject;
  };
  project?: GitlabProject;
}

function gitlabEvent(payload: unknown): PullRequestEvent | { ignored: string } {
  const p = (payload ?? {}) as GitlabPayload;
  const mr = p.object_attributes ?? {};
  const number = mr.iid;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1)
    return { ignored: previewIgnoredTexts.malformed };
  const action = text(mr.action) ?? '';
  const kind = GITLAB_ACTIONS[action];
  if (!kind) return { ignored: previewIgnoredTexts.action(number, action) };
  const target = mr.target ?? p.project ?? {};
  const repository = text(target.path_with_namespace);
  const baseUrl = text(target.git_http_url);
  const headSha = text(mr.last_commit?.id);
  const baseBranch = text(mr.target_branch);
  const headBranch = text(mr.source_branch);
  if (!baseBranch || !headBranch || !headSha || !SHA.test(headSha) || !repository || !baseUrl)
    return { ignored: previewIgnoredTexts.malformed };
  // No source project (a deleted fork): untrusted, as a fork.
  const sourceName = text(mr.source?.path_with_namespace);
  const fromFork = sourceName === null || sourceName.toLowerCase() !== repository.toLowerCase();
  return {
    kind,
    number,
    title: text(mr.title) ?? `!${number}`,
    url: text(mr.url),
    baseBranch,
    headBranch,
    headSha,
    headRepositoryUrl: fromFork ? (text(mr.source?.git_http_url) ?? baseUrl) : baseUrl,
    repository,
    fromFork,
  };
}
