import { GitHostError } from './types';

/** How long one call to a host may take: the reporter's worker tries again later. */
export const HOST_TIMEOUT_MS = 10_000;

/**
 * The error a reporter throws: what failed, the HTTP status or 'network', and the host's own
 * explanation for the operator's log, the token blanked wherever the host (or a proxy) echoed it.
 */
export function hostError(
  what: string,
  status: number | 'network',
  detail: string,
  token: string,
): GitHostError {
  const told = (token ? detail.replaceAll(token, '***') : detail).trim().slice(0, 300);
  const answer = status === 'network' ? 'host unreachable' : `HTTP ${status}`;
  return new GitHostError(`${what}: ${answer}${told ? ` (${told})` : ''}`, status);
}

/** What a failed `fetch` says: undici hides the reason (refused, DNS, timeout) in `cause`. */
export function networkDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** Code points, not UTF-16 units: a cut never splits an accented letter's surrogate pair. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * One comment per pull request: updated in place while the host has it, created again when
 * there is none yet or someone deleted it on the host (404 on the update).
 */
export async function updateOrCreate(
  commentId: string | null,
  update: (id: string) => Promise<void>,
  create: () => Promise<string>,
): Promise<{ commentId: string }> {
  if (commentId !== null) {
    try {
      await update(commentId);
      return { commentId };
    } catch (error) {
      if (!(error instanceof GitHostError && error.status === 404)) throw error;
    }
  }
  return { commentId: await create() };
}

/** `owner/name` → its two path segments (GitHub and Gitea name a repository by exactly two). */
export function ownerAndName(repository: string): { owner: string; repo: string } {
  const [owner = '', repo = ''] = repository.split('/');
  return { owner, repo };
}
