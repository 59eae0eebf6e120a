import type { PreviewProvider } from '@nuage/shared/schemas/responses/previews';
import { giteaReporter } from './gitea';
import { githubReporter } from './github';
import { gitlabReporter } from './gitlab';
import type { GitHostReporter } from './types';

const reporters: Record<PreviewProvider, GitHostReporter> = {
  github: githubReporter,
  gitlab: gitlabReporter,
  gitea: giteaReporter,
};

export const reporterFor = (provider: PreviewProvider): GitHostReporter => reporters[provider];

/**
 * A clone URL's web origin and path, for the forms the platform accepts
 * (REPOSITORY_URL_PATTERN): http(s)://, ssh://, git:// and scp-like `git@host:owner/name.git`.
 * SSH and git:// listen on ports of their own: the web API is on the same host over HTTPS.
 */
function cloneUrlParts(repositoryUrl: string): { web: string; host: string; path: string } | null {
  const url = repositoryUrl.trim();
  const scp = /^[^\s@/]+@([^\s:/]+):(?!\/)(\S+)$/.exec(url);
  if (scp?.[1] && scp[2]) {
    const host = scp[1].toLowerCase();
    return { web: `https://${host}`, host, path: scp[2] };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const web = ['https:', 'http:'].includes(parsed.protocol)
    ? parsed.origin // without the credentials a clone URL may carry
    : ['ssh:', 'git:'].includes(parsed.protocol)
      ? `https://${parsed.hostname}`
      : null;
  if (!web || !parsed.hostname) return null;
  return { web, host: parsed.hostname, path: parsed.pathname };
}

/**
 * The repository's path on its host: `owner/name`, or a GitLab project's full path with its
 * subgroups (`group/sub/name`); null when the URL names no repository.
 */
export function repositoryPath(repositoryUrl: string): string | null {
  const parts = cloneUrlParts(repositoryUrl);
  if (!parts) return null;
  let path: string;
  try {
    path = decodeURIComponent(parts.path);
  } catch {
    return null;
  }
  const segments = path
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .split('/')
    .filter((segment, i) => i > 0 || segment !== '');
  if (segments.length < 2 || segments.some((segment) => segment === '' || /\s/.test(segment)))
    return null;
  return segments.join('/');
}

/**
 * The host's REST API root, derived from the clone URL: github.com has its API host; another
 * host named GitHub is a GitHub Enterprise Server (/api/v3). Only the origin is used: an
 * instance served under a path prefix cannot be told from a GitLab group.
 */
export function defaultApiUrl(provider: PreviewProvider, repositoryUrl: string): string | null {
  const parts = cloneUrlParts(repositoryUrl);
  if (!parts || repositoryPath(repositoryUrl) === null) return null;
  switch (provider) {
    case 'github':
      return parts.host === 'github.com' || parts.host === 'www.github.com'
        ? 'https://api.github.com'
        : `${parts.web}/api/v3`;
    case 'gitlab':
      return `${parts.web}/api/v4`;
    case 'gitea':
      return `${parts.web}/api/v1`;
  }
}
