import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { taskRunLogLines, taskRuns } from '../../db/schema/tasks';
import { BatchedLogWriter } from '../../lib/batched-log-writer';

/**
 * A run's output into task_run_log_lines (lib/batched-log-writer.ts, as a build's), so that the
 * page streaming it (log-stream.ts) shows each line within a fraction of a second, from any API
 * process; `task_runs.log_lines` follows the last written seq.
 */
export const taskLogWriter = (db: Executor, runId: string) =>
  new BatchedLogWriter(async (batch) => {
    await db.insert(taskRunLogLines).values(batch.map((l) => ({ runId, ...l })));
    await db
      .update(taskRuns)
      .set({ logLines: batch[batch.length - 1]!.seq })
      .where(eq(taskRuns.id, runId));
  });
