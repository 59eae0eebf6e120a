import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { streamStoredLog } from '../../http/log-event-stream';
import type { AppContext } from '../../app-context';
import { builds } from '../../db/schema/builds';
import { buildLogLines } from '../../db/schema/releases';
import { summarize } from './application-builds';
import type { BuildRow } from './presenter';

const POLL_MS = 400;
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
 * GET /builds/{id}/logs as Server-Sent Events (http/log-event-stream.ts): the build's lines, its
 * status and queue position as they change, `event: end` once it is finished.
 */
export function streamBuildLogs(
  ctx: AppContext,
  reply: FastifyReply,
  build: BuildRow,
  after: number,
  opts: { heartbeatMs?: number } = {},
) {
  return streamStoredLog(
    reply,
    {
      linesAfter: (last, limit) =>
        ctx.db
          .select()
          .from(buildLogLines)
          .where(and(eq(buildLogLines.buildId, build.id), gt(buildLogLines.seq, last)))
          .orderBy(asc(buildLogLines.seq))
          .limit(limit),
      state: async () => {
        const [current] = await ctx.db.select().from(builds).where(eq(builds.id, build.id));
        if (!current) return null;
        const summary = await summarize(ctx, current);
        return {
          key: `${current.status}:${summary.queue_position ?? ''}`,
          payload: summary,
          finished: finished(current.status),
          storedLines: current.logLines,
        };
      },
    },
    after,
    {
      pollMs: POLL_MS,
      ...opts,
      onError: (err) => ctx.log.error({ err, buildId: build.id }, 'build log stream failed'),
    },
  );
}
