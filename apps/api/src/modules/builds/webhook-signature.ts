import { createHmac, timingSafeEqual } from 'node:crypto';
import { pushIgnoredTexts } from '@nuage/shared/messages/builds';

export type WebhookProvider = 'github' | 'gitlab' | 'gitea';

const equal = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);
const hmacHex = (secret: string, body: Buffer) =>
  createHmac('sha256', secret).update(body).digest();

/**
 * Which provider signed this request with `secret`, or null when no header proves it:
 * GitHub `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`, Gitea
 * `X-Gitea-Signature: <hex HMAC>`, GitLab `X-Gitlab-Token: <the secret itself>`. Every
 * comparison is constant-time.
 */
export function verifyWebhook(
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  secret: string,
): WebhookProvider | null {
  const header = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v.trim() : null;
  };
  const github = header('x-hub-signature-256');
  if (github !== null) {
    const hex = github.startsWith('sha256=') ? github.slice(7) : '';
    return /^[0-9a-f]{64}$/i.test(hex) && equal(Buffer.from(hex, 'hex'), hmacHex(secret, rawBody))
      ? 'github'
      : null;
  }
  const gitea = header('x-gitea-signature');
  if (gitea !== null) {
    return /^[0-9a-f]{64}$/i.test(gitea) &&
      equal(Buffer.from(gitea, 'hex'), hmacHex(secret, rawBody))
      ? 'gitea'
      : null;
  }
  const gitlab = header('x-gitlab-token');
  if (gitlab !== null) {
    // Hashing both sides gives equal lengths, so the comparison leaks nothing about the length.
    const digest = (s: string) => createHmac('sha256', 'gitlab-token').update(s).digest();
    return equal(digest(gitlab), digest(secret)) ? 'gitlab' : null;
  }
  return null;
}

/** The push a provider describes: branch and commit, or why it is not one to build. */
export function pushOf(
  provider: WebhookProvider,
  headers: Record<string, string | string[] | undefined>,
  payload: unknown,
): { branch: string; sha: string; message: string | null } | { ignored: string } {
  const event =
    provider === 'github'
      ? headers['x-github-event']
      : provider === 'gitea'
        ? (headers['x-gitea-event'] ?? headers['x-github-event'])
        : headers['x-gitlab-event'];
  const isPush = provider === 'gitlab' ? event === 'Push Hook' : event === 'push';
  if (typeof event === 'string' && !isPush)
    return {
      ignored: pushIgnoredTexts.notPush(event),
    };
  const p = (payload ?? {}) as {
    ref?: unknown;
    after?: unknown;
    checkout_sha?: unknown;
    head_commit?: { message?: unknown };
    commits?: { id?: unknown; message?: unknown }[];
  };
  if (typeof p.ref !== 'string' || !p.ref.startsWith('refs/heads/'))
    return { ignored: pushIgnoredTexts.notBranch };
  const sha = typeof p.checkout_sha === 'string' ? p.checkout_sha : p.after;
  if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/.test(sha) || /^0+$/.test(sha))
    return { ignored: pushIgnoredTexts.noCommit };
  const lastCommit = p.commits?.find((c) => c.id === sha);
  const message = p.head_commit?.message ?? lastCommit?.message;
  return {
    branch: p.ref.slice('refs/heads/'.length),
    sha,
    message: typeof message === 'string' ? (message.split('\n')[0] ?? null) : null,
  };
}
