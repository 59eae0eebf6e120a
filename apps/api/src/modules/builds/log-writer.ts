import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import { buildLogLines } from '../../db/schema/releases';
import { BatchedLogWriter } from '../../lib/batched-log-writer';

/**
 * A build's output into build_log_lines (lib/batched-log-writer.ts), after `startSeq` when it
 * goes on; `builds.log_lines` follows the last written seq.
 */
export const buildLogWriter = (db: Executor, buildId: string, startSeq = 0) =>
  new BatchedLogWriter(async (batch) => {
    await db.insert(buildLogLines).values(batch.map((l) => ({ buildId, ...l })));
    await db
      .update(builds)
      .set({ logLines: batch[batch.length - 1]!.seq })
      .where(eq(builds.id, buildId));
  }, startSeq);
