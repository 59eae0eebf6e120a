import type { BuildLogLine, BuildSummary } from '@nuage/shared/build-types';
import { csrfHeader } from '@nuage/shared/limits';
import { session } from '@/lib/session';
import { createSseParser } from '@/lib/sse-parser';

const API_BASE = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api/v1';

/** Waits between reconnections; the last one repeats. Reset once the stream speaks again. */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000];
/**
 * The server sends a heartbeat every 15 s: a connection silent for three of them is dead
 * (a proxy or a sleeping laptop that kept the socket open) and is replaced.
 */
export const STALL_MS = 45_000;

export interface LogStreamHandlers<S> {
  onLine(line: BuildLogLine): void;
  onStatus(status: S): void;
  /** It is over and every line was sent: the stream will not be read again. */
  onEnd(status: S): void;
  onConnection(state: 'open' | 'retrying'): void;
  /** A refusal that retrying cannot fix (no such build). */
  onGone(): void;
}

export type BuildLogHandlers = LogStreamHandlers<BuildSummary>;

interface FollowOptions {
  signal: AbortSignal;
  delays?: number[];
  stallMs?: number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Reads GET /builds/{id}/logs (SSE) until its `end` event, reconnecting after any cut with
 * `Last-Event-ID` = the last line received, so no line is lost and none is shown twice (a
 * line at or below that number is dropped, should the server resend it). fetch() rather than
 * EventSource: the session cookie is only accepted with the CSRF header, which EventSource
 * cannot send.
 */
export function followBuildLogs(
  buildId: string,
  handlers: BuildLogHandlers,
  options: FollowOptions,
): Promise<void> {
  return followLogStream(`/builds/${encodeURIComponent(buildId)}/logs`, handlers, options);
}

/**
 * The same reader for any log served with the builds' protocol (`log`, `status`, `end`
 * events, Last-Event-ID): a task run's (GET /deployments/{id}/task-runs/{runId}/logs).
 */
export async function followLogStream<S>(
  path: string,
  handlers: LogStreamHandlers<S>,
  { signal, delays = RECONNECT_DELAYS_MS, stallMs = STALL_MS }: FollowOptions,
): Promise<void> {
  let lastSeq: number | null = null;
  let attempt = 0;
  const url = new URL(`${API_BASE}${path}`, window.location.origin);

  while (!signal.aborted) {
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      [csrfHeader.name]: csrfHeader.value,
    };
    if (lastSeq !== null) headers['last-event-id'] = String(lastSeq);
    // This connection only: the watchdog ends it without ending the following.
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop, { once: true });
    let watchdog = setTimeout(stop, stallMs);
    try {
      const response = await fetch(url, {
        headers,
        credentials: 'same-origin',
        signal: connection.signal,
      });
      if (response.status === 401) return session.clear('expired');
      // No such build, or no longer allowed to read it: asking again will not change that.
      if (
        response.status >= 400 &&
        response.status < 500 &&
        ![408, 429].includes(response.status)
      ) {
        return handlers.onGone();
      }
      if (response.ok && response.body) {
        handlers.onConnection('open');
        const parser = createSseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          clearTimeout(watchdog);
          watchdog = setTimeout(stop, stallMs);
          for (const event of parser.push(value)) {
            attempt = 0;
            if (event.event === 'log') {
              const line = JSON.parse(event.data) as BuildLogLine;
              if (lastSeq !== null && line.seq <= lastSeq) continue;
              lastSeq = line.seq;
              handlers.onLine(line);
            } else if (event.event === 'status') {
              handlers.onStatus(JSON.parse(event.data) as S);
            } else if (event.event === 'end') {
              await reader.cancel().catch(() => undefined);
              return handlers.onEnd(JSON.parse(event.data) as S);
            }
          }
        }
      }
    } catch {
      // A network error, or the watchdog: reconnect below (unless the reader left).
      if (signal.aborted) return;
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', stop);
    }
    // Cut before `end` (network, proxy timeout, server restart): read again from lastSeq.
    handlers.onConnection('retrying');
    await wait(delays[Math.min(attempt, delays.length - 1)] ?? 1000, signal);
    attempt++;
  }
}
