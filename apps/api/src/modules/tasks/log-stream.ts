import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { taskRunLogLines, taskRuns, type TaskRunRow } from '../../db/schema/tasks';
import { streamStoredLog } from '../../http/log-event-stream';
import { presentRun } from './presenter';
import type { TaskContext } from './runner';

const POLL_MS = 300;

/**
 * A run's log as Server-Sent Events, the same protocol as a build's (http/log-event-stream.ts,
 * read by the web's follower): `event: log` per line with `id: <seq>` (a reconnect with
 * Last-Event-ID resumes), `event: status` when the run changes, then `event: end` once it
 * ended and every line was sent. Read from the database: any API process serves the stream
 * of a run another one runs.
 */
export function streamRunLog(
  ctx: TaskContext,
  reply: FastifyReply,
  run: TaskRunRow,
  after: number,
  opts: { heartbeatMs?: number } = {},
) {
  return streamStoredLog(
    reply,
    {
      linesAfter: (last, limit) =>
        ctx.db
          .select()
          .from(taskRunLogLines)
          .where(and(eq(taskRunLogLines.runId, run.id), gt(taskRunLogLines.seq, last)))
          .orderBy(asc(taskRunLogLines.seq))
          .limit(limit),
      state: async () => {
        const [current] = await ctx.db.select().from(taskRuns).where(eq(taskRuns.id, run.id));
        if (!current) return null;
        return {
          key: current.status,
          payload: presentRun(current),
          finished: current.status !== 'running',
          storedLines: current.logLines,
        };
      },
    },
    after,
    {
      pollMs: POLL_MS,
      ...opts,
      onError: (err) => ctx.log.error({ err, runId: run.id }, 'task run log stream failed'),
    },
  );
}
