import { describe, expect, it, vi } from 'vitest';
import { buildBuild } from '@/test/build-fixtures';
import { createFakeApi } from '@/test/fake-api';
import { createSseFeed } from '@/test/sse-feed';
import { followBuildLogs, type BuildLogHandlers } from './follow-build-logs';

const LOGS = '/builds/bld-1/logs';

function handlers() {
  return {
    onLine: vi.fn(),
    onStatus: vi.fn(),
    onEnd: vi.fn(),
    onConnection: vi.fn(),
    onGone: vi.fn(),
  } satisfies BuildLogHandlers;
}

describe('followBuildLogs', () => {
  it('replaces a connection that went silent (no heartbeat) and resumes after the last line', async () => {
    const silent = createSseFeed();
    const next = createSseFeed();
    const feeds = [silent, next];
    const api = createFakeApi().on('GET', LOGS, () => ({ stream: feeds.shift()!.stream }));
    vi.stubGlobal('fetch', api.fetch);
    const h = handlers();
    silent.log(1, 'npm ci');
    const done = followBuildLogs('bld-1', h, {
      signal: new AbortController().signal,
      delays: [10],
      stallMs: 150,
    });
    await vi.waitFor(() => expect(api.callsTo('GET', LOGS)).toHaveLength(2));
    expect(api.callsTo('GET', LOGS)[1]!.headers['last-event-id']).toBe('1');
    next.log(2, 'npm run build');
    next.end(buildBuild({ status: 'success' }));
    await done;
    expect(h.onLine.mock.calls.map(([l]) => l.line)).toEqual(['npm ci', 'npm run build']);
    expect(h.onEnd).toHaveBeenCalledOnce();
  });

  it('stops at once when the reader leaves, without another request', async () => {
    const feed = createSseFeed();
    const api = createFakeApi().on('GET', LOGS, () => ({ stream: feed.stream }));
    vi.stubGlobal('fetch', api.fetch);
    const controller = new AbortController();
    const done = followBuildLogs('bld-1', handlers(), { signal: controller.signal, delays: [10] });
    await vi.waitFor(() => expect(api.callsTo('GET', LOGS)).toHaveLength(1));
    controller.abort();
    await done;
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('GET', LOGS)).toHaveLength(1);
  });

  it('gives up on a refusal retrying cannot fix (403), and keeps trying after a server error', async () => {
    let calls = 0;
    const api = createFakeApi().on('GET', LOGS, () =>
      ++calls === 1 ? { status: 503, body: { detail: 'Indisponible' } } : { status: 403, body: {} },
    );
    vi.stubGlobal('fetch', api.fetch);
    const h = handlers();
    await followBuildLogs('bld-1', h, { signal: new AbortController().signal, delays: [10] });
    expect(calls).toBe(2);
    expect(h.onConnection).toHaveBeenCalledWith('retrying');
    expect(h.onGone).toHaveBeenCalledOnce();
  });
});
