import type { FastifyReply } from 'fastify';
import type { LogLine } from '../lib/batched-log-writer';

export const HEARTBEAT_MS = 15_000;
const BATCH = 500;

/** Where a stored log is read from, and the state of what writes it. */
export interface StoredLog {
  /** Up to `limit` lines after seq `after`, in order. */
  linesAfter(after: number, limit: number): Promise<LogLine[]>;
  /** Its writer now (a build, a task run), or null once gone. */
  state(): Promise<{
    /** A change of it sends `event: status`. */
    key: string;
    payload: unknown;
    /** Nothing more will be written. */
    finished: boolean;
    /** How many lines the writer has stored. */
    storedLines: number;
  } | null>;
}

/**
 * A stored log as Server-Sent Events: every line after `after` (`event: log`, `id: <seq>` so a
 * reconnect with Last-Event-ID resumes), each state change (`event: status`), then, once the
 * writer is finished and every line sent, `event: end` and the stream closes. Lines are read
 * from the database, so any API process serves the log another one writes.
 */
export async function streamStoredLog(
  reply: FastifyReply,
  log: StoredLog,
  after: number,
  opts: { pollMs: number; heartbeatMs?: number; onError: (err: unknown) => void },
) {
  let open = true;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must pass lines through at once.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  raw.on('close', () => {
    open = false;
  });
  const send = (chunk: string) => {
    if (open) raw.write(chunk);
  };
  const heartbeat = setInterval(() => send(': ping\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS);
  let last = after;
  let status: string | null = null;
  try {
    while (open) {
      const lines = await log.linesAfter(last, BATCH);
      for (const l of lines) {
        const data = JSON.stringify({ seq: l.seq, line: l.line, at: l.at.toISOString() });
        send(`id: ${l.seq}\nevent: log\ndata: ${data}\n\n`);
        last = l.seq;
      }
      const current = await log.state();
      if (!current) break;
      if (current.key !== status) {
        status = current.key;
        send(`event: status\ndata: ${JSON.stringify(current.payload)}\n\n`);
      }
      if (current.finished && lines.length < BATCH && last >= current.storedLines) {
        send(`event: end\ndata: ${JSON.stringify(current.payload)}\n\n`);
        break;
      }
      if (lines.length < BATCH) await new Promise((resolve) => setTimeout(resolve, opts.pollMs));
    }
  } catch (err) {
    opts.onError(err);
  } finally {
    clearInterval(heartbeat);
    raw.end();
  }
}
