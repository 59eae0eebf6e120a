import {
  HOST_TIMEOUT_MS,
  hostError,
  networkDetail,
  ownerAndName,
  updateOrCreate,
} from './host-call';
import type { GitHostReporter, PullRequestTarget } from './types';

/*
 * Gitea's REST API through fetch: Gitea publishes no JavaScript client, and the community ones
 * on npm are generated once and left behind the API. Three calls need no more than this.
 */

/** Gitea's error answers are `{"message": "..."}`; anything else is passed on as text. */
function messageOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: a proxy's page
  }
  return text;
}

async function call(
  target: PullRequestTarget,
  what: string,
  method: 'POST' | 'PATCH',
  path: string,
  body: Record<string, unknown>,
): Promise<unknown> {
  const { owner, repo } = ownerAndName(target.repository);
  const base = target.apiUrl.replace(/\/+$/, '');
  const url = `${base}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `token ${target.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(HOST_TIMEOUT_MS),
    });
  } catch (error) {
    throw hostError(what, 'network', networkDetail(error), target.token);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw hostError(what, 'network', networkDetail(error), target.token);
  }
  if (!response.ok) throw hostError(what, response.status, messageOf(text), target.token);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null; // the status or the update holds; a creation checks for its id
  }
}

export const giteaReporter: GitHostReporter = {
  async setCommitStatus(target, status) {
    await call(
      target,
      `Gitea commit status on ${target.repository}`,
      'POST',
      `/statuses/${encodeURIComponent(target.headSha)}`,
      {
        state: status.state,
        context: status.context,
        description: status.description,
        ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
      },
    );
  },

  async upsertComment(target, { body, commentId }) {
    const what = `Gitea comment on ${target.repository}#${target.number}`;
    return updateOrCreate(
      commentId,
      async (id) => {
        await call(target, what, 'PATCH', `/issues/comments/${encodeURIComponent(id)}`, { body });
      },
      async () => {
        const created = (await call(target, what, 'POST', `/issues/${target.number}/comments`, {
          body,
        })) as { id?: unknown } | null;
        if (typeof created?.id !== 'number')
          throw hostError(what, 502, 'the answer has no comment id', target.token);
        return String(created.id);
      },
    );
  },
};
