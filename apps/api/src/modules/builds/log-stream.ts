import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { builds } from '../../db/schema/builds';
import { buildLogLines } from '../../db/schema/releases';
import { summarize } from './application-builds';
import type { BuildRow } from './presenter';

export const HEARTBEAT_MS = 15_000;
const POLL_MS = 400;
const BATCH = 500;
const finished = (status: BuildRow['status']) => !['queued', 'running'].includes(status);

/** `Last-Event-ID` header or `?after=`: the last line the reader has; 0 for all. */
export function resumePoint(lastEventId: unknown, after: unknown): number {
  for (const v of [lastEventId, after]) {
    const n = Number(typeof v === 'string' ? v.trim() : v);
    if (v !== undefined && v !== '' && Number.isInteger(n) && n >= 0) return n;
  }
  return 0;
}

/**
 * GET /builds/{id}/logs as Server-Sent Events: every stored line after `after` (`event: log`,
 * `id: <seq>` so a reconnect resumes), each status change (`event: status`), then, once the
 * build is finished and every line sent, `event: end` and the stream closes. Lines are read
 * from the database, so any API process can serve the stream of a build another one runs.
 */
export async function streamBuildLogs(
  ctx: AppContext,
  reply: FastifyReply,
  build: BuildRow,
  after: number,
  opts: { heartbeatMs?: number } = {},
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
      const lines = await ctx.db
        .select()
        .from(buildLogLines)
        .where(and(eq(buildLogLines.buildId, build.id), gt(buildLogLines.seq, last)))
        .orderBy(asc(buildLogLines.seq))
        .limit(BATCH);
      for (const l of lines) {
        const data = JSON.stringify({ seq: l.seq, line: l.line, at: l.at.toISOString() });
        send(`id: ${l.seq}\nevent: log\ndata: ${data}\n\n`);
        last = l.seq;
      }
      const [current] = await ctx.db.select().from(builds).where(eq(builds.id, build.id));
      if (!current) break;
      const summary = await summarize(ctx, current);
      const state = `${current.status}:${summary.queue_position ?? ''}`;
      if (state !== status) {
        status = state;
        send(`event: status\ndata: ${JSON.stringify(summary)}\n\n`);
      }
      if (finished(current.status) && lines.length < BATCH && last >= current.logLines) {
        send(`event: end\ndata: ${JSON.stringify(summary)}\n\n`);
        break;
      }
      if (lines.length < BATCH) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (err) {
    ctx.log.error({ err, buildId: build.id }, 'build log stream failed');
  } finally {
    clearInterval(heartbeat);
    raw.end();
  }
}
