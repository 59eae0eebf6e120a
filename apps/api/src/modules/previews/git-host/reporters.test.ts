import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHost, type FakeGitHost } from '../../../../test/helpers/fake-git-host';
import { reporterFor } from './index';
import {
  GitHostError,
  type CommitStatus,
  type CommitStatusState,
  type PullRequestTarget,
} from './types';

const TOKEN = 'glpat-Secret-Project-Token-4242';
const SHA = '0123456789abcdef0123456789abcdef01234567';
let host: FakeGitHost;

beforeAll(async () => {
  host = await startFakeGitHost({ token: TOKEN });
});
afterAll(() => host.close());

/** A port nothing listens on: the host is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function failureOf(call: Promise<unknown>): Promise<GitHostError> {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitHostError);
  return error as GitHostError;
}

const hostStates: Record<string, Record<CommitStatusState, string>> = {
  github: { pending: 'pending', success: 'success', failure: 'failure', error: 'error' },
  gitea: { pending: 'pending', success: 'success', failure: 'failure', error: 'error' },
  gitlab: { pending: 'running', success: 'success', failure: 'failed', error: 'failed' },
};

describe.each(['github', 'gitlab', 'gitea'] as const)('%s reporter', (provider) => {
  const reporter = reporterFor(provider);
  const target = (overrides: Partial<PullRequestTarget> = {}): PullRequestTarget => ({
    provider,
    apiUrl: host.apiUrl(provider),
    repository: provider === 'gitlab' ? 'acme/web/site' : 'acme/site',
    number: 7,
    headSha: SHA,
    token: TOKEN,
    ...overrides,
  });

  it('sets the commit status with its state, description, address and name', async () => {
    for (const state of ['pending', 'success', 'failure', 'error'] as const) {
      await reporter.setCommitStatus(target(), {
        state,
        description: `Aperçu ${state}`,
        targetUrl: `https://pr-7.apercu.test/${state}`,
        context: `nuage/apercu-${state}`,
      });
      expect(host.statuses(provider).at(-1)).toEqual({
        repository: target().repository,
        sha: SHA,
        state: hostStates[provider]?.[state],
        context: `nuage/apercu-${state}`,
        description: `Aperçu ${state}`,
        targetUrl: `https://pr-7.apercu.test/${state}`,
      });
    }
  });

  it('sets a status without an address', async () => {
    const status: CommitStatus = {
      state: 'failure',
      description: 'Échec',
      targetUrl: null,
      context: 'nuage/sans',
    };
    await reporter.setCommitStatus(target(), status);
    expect(host.statuses(provider).at(-1)).toMatchObject({
      context: 'nuage/sans',
      targetUrl: null,
    });
  });

  it('writes one comment and then updates it in place', async () => {
    const pr = target({ number: 11 });
    const first = await reporter.upsertComment(pr, { body: 'En file d’attente', commentId: null });
    const again = await reporter.upsertComment(pr, { body: 'Prêt', commentId: first.commentId });
    expect(again.commentId).toBe(first.commentId);
    const onPr = host.comments(provider).filter((c) => c.number === 11);
    expect(onPr).toEqual([
      expect.objectContaining({ id: Number(first.commentId), body: 'Prêt', updates: 1 }),
    ]);
  });

  it('writes the comment again when someone deleted it on the host', async () => {
    const pr = target({ number: 12 });
    const first = await reporter.upsertComment(pr, { body: 'En construction', commentId: null });
    expect(host.deleteComment(first.commentId)).toBe(true);
    const next = await reporter.upsertComment(pr, { body: 'Échec', commentId: first.commentId });
    expect(next.commentId).not.toBe(first.commentId);
    const onPr = host.comments(provider).filter((c) => c.number === 12);
    expect(onPr.map((c) => [String(c.id), c.body])).toEqual([[next.commentId, 'Échec']]);
  });

  it('refuses a wrong token with 401, without the token in its message', async () => {
    const wrong = target({ token: 'ghp_Wrong-Token-Value-99' });
    const status = { state: 'pending', description: 'x', targetUrl: null, context: 'c' } as const;
    for (const call of [
      reporter.setCommitStatus(wrong, status),
      reporter.upsertComment(wrong, { body: 'x', commentId: null }),
      reporter.upsertComment(wrong, { body: 'x', commentId: '1001' }),
    ]) {
      const error = await failureOf(call);
      expect(error.status).toBe(401);
      expect(error.message).not.toContain('ghp_Wrong-Token-Value-99');
      expect(error.message).not.toContain(TOKEN);
    }
  });

  it('passes on the HTTP status of a host that fails', async () => {
    host.failNext(1, 503);
    const error = await failureOf(reporter.upsertComment(target(), { body: 'x', commentId: null }));
    expect(error.status).toBe(503);
  });

  it('reports an unreachable host as network', async () => {
    const port = await closedPort();
    const suffix = host.apiUrl(provider).replace(host.url, '');
    const away = target({ apiUrl: `http://127.0.0.1:${port}${suffix}` });
    const status = {
      state: 'success',
      description: 'Prêt',
      targetUrl: null,
      context: 'c',
    } as const;
    const error = await failureOf(reporter.setCommitStatus(away, status));
    expect(error.status).toBe('network');
    expect(error.message).not.toContain(TOKEN);
    const comment = await failureOf(reporter.upsertComment(away, { body: 'x', commentId: '5' }));
    expect(comment.status).toBe('network');
  });
});
