import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The outbox's SQL. A row is claimed by moving its lease (`locked_until`) forward in the same
 * statement that selects it `FOR UPDATE SKIP LOCKED`: two processes polling at once never take
 * the same row, and a row whose lease ran out (its process died mid-send) is taken again.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** A message still to send, on a channel that sends (`o`: the outbox, `c`: its channel). */
const deliverable = sql`o.status = 'pending' AND c.enabled AND c.paused_at IS NULL`;

export interface ClaimedMessage {
  id: string;
  channelId: string;
  eventId: string;
  attempts: number;
}

export async function claimDue(
  db: Executor,
  opts: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedMessage[]> {
  const until = new Date(opts.now.getTime() + opts.leaseMs);
  return rowsOf<ClaimedMessage>(
    await db.execute(sql`
      WITH due AS (
        SELECT o.id FROM notification_outbox o
        JOIN notification_channels c ON c.id = o.channel_id
        -- now() has microseconds, a JavaScript date only milliseconds: a row queued in the
        -- same millisecond as this pass is due too.
        WHERE ${deliverable}
          AND o.next_attempt_at < ${opts.now}::timestamptz + interval '1 millisecond'
          AND (o.locked_until IS NULL OR o.locked_until <= ${opts.now})
        ORDER BY o.next_attempt_at, o.created_at
        LIMIT ${opts.limit}
        FOR UPDATE OF o SKIP LOCKED
      )
      UPDATE notification_outbox o SET locked_until = ${until}, attempts = o.attempts + 1
      FROM due WHERE o.id = due.id
      RETURNING o.id, o.channel_id AS "channelId", o.event_id AS "eventId", o.attempts`),
  );
}

/** When the next pending message falls due (its try, or the end of its lease), null: none. */
export async function nextDueAt(db: Executor): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`SELECT min(greatest(o.next_attempt_at, coalesce(o.locked_until, o.next_attempt_at))) AS at
      FROM notification_outbox o JOIN notification_channels c ON c.id = o.channel_id
      WHERE ${deliverable}`),
  );
  return row?.at ? new Date(row.at) : null;
}

/** Messages this channel sent since `since` (its rate limit). */
export async function sentSince(db: Executor, channelId: string, since: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM notification_outbox
      WHERE channel_id = ${channelId} AND status = 'sent' AND sent_at > ${since}`),
  );
  return row!.n;
}

/** Gives a claimed row back untried (rate limit): its attempt does not count. */
export async function postpone(db: Executor, id: string, until: Date) {
  await db.execute(sql`UPDATE notification_outbox
    SET attempts = attempts - 1, locked_until = NULL, next_attempt_at = ${until}
    WHERE id = ${id} AND status = 'pending'`);
}

export async function markSent(db: Executor, msg: ClaimedMessage, now: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE notification_outbox
      SET status = 'sent', sent_at = ${now}, locked_until = NULL, last_error = NULL
      WHERE id = ${msg.id}`);
    await tx.execute(sql`UPDATE notification_channels
      SET consecutive_failures = 0, last_sent_at = ${now} WHERE id = ${msg.channelId}`);
  });
}

/**
 * Records a failed attempt: the row is tried again after `retryAt`, or given up (`dead`) when
 * null. Answers whether this failure paused the channel (its `pauseAfter`-th in a row).
 */
export async function markFailed(
  db: Executor,
  msg: ClaimedMessage,
  opts: { error: string; retryAt: Date | null; now: Date; pauseAfter: number },
): Promise<{ paused: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE notification_outbox
      SET status = ${opts.retryAt ? 'pending' : 'dead'}, locked_until = NULL,
          next_attempt_at = COALESCE(${opts.retryAt}, next_attempt_at), last_error = ${opts.error}
      WHERE id = ${msg.id}`);
    const [channel] = rowsOf<{ paused: boolean }>(
      await tx.execute(sql`UPDATE notification_channels SET
          consecutive_failures = consecutive_failures + 1,
          last_error = ${opts.error},
          paused_at = CASE WHEN paused_at IS NULL AND consecutive_failures + 1 >= ${opts.pauseAfter}
                           THEN ${opts.now}::timestamptz ELSE paused_at END
        WHERE id = ${msg.channelId}
        RETURNING (paused_at = ${opts.now}::timestamptz) AS paused`),
    );
    return { paused: channel?.paused ?? false };
  });
}
