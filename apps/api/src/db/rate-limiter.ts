import { and, asc, count, eq, gt, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { rateLimitEvents } from './schema/users';
import { keyedHash } from '../lib/crypto';
import { rateLimited } from '../lib/errors';

/** At most `max` events of (bucket, subject) within `windowMs`; past it, a 429 with `detail`. */
export interface Limit {
  bucket: string;
  subject: string;
  windowMs: number;
  max: number;
  /** The French detail of the 429 answered once the limit is reached. */
  detail: string;
  /**
   * Instead of refusing outright at `max`, each event past it must wait longer after the
   * previous one: `baseMs`, then doubling, at most `maxMs` (a backoff, not a lock-out).
   */
  backoff?: { baseMs: number; maxMs: number };
}

export interface WindowUsage {
  count: number;
  oldest: Date | null;
  newest: Date | null;
}

/**
 * Counts timestamped events per (bucket, subject) in PostgreSQL, so limits hold across every
 * API process. Subjects (e-mails, addresses) are stored as keyed hashes, never in clear.
 */
export class RateLimiter {
  constructor(
    private readonly db: Executor,
    private readonly hashKey: Buffer,
  ) {}

  private subjectOf(subject: string) {
    return keyedHash(this.hashKey, subject.toLowerCase());
  }

  async usage(bucket: string, subject: string, windowMs: number): Promise<WindowUsage> {
    const since = new Date(Date.now() - windowMs);
    const [row] = await this.db
      .select({
        count: count(),
        oldest: min(rateLimitEvents.createdAt),
        newest: max(rateLimitEvents.createdAt),
      })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, bucket),
          eq(rateLimitEvents.subject, this.subjectOf(subject)),
          gt(rateLimitEvents.createdAt, since),
        ),
      );
    return {
      count: Number(row?.count ?? 0),
      oldest: row?.oldest ? new Date(row.oldest) : null,
      newest: row?.newest ? new Date(row.newest) : null,
    };
  }

  /**
   * Checks every limit and, when none is reached, records one event per distinct
   * (bucket, subject), atomically: per-subject locks make parallel calls queue, so a burst of
   * simultaneous requests cannot all pass a check before any of them is counted. Throws the 429
   * of the first limit reached (with its Retry-After); returns the recorded ids so a caller
   * whose operation fails for its own reasons can take them back (`forget`).
   */
  async acquire(limits: Limit[]): Promise<number[]> {
    const subjects = [
      ...new Map(limits.map((l) => [keyOf(l, this.subjectOf(l.subject)), l])).entries(),
    ].sort(([a], [b]) => a.localeCompare(b));
    return this.db.transaction(async (tx) => {
      // Always in the same order, so two calls sharing subjects cannot deadlock.
      for (const [key] of subjects) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      }
      const now = Date.now();
      for (const limit of limits) {
        const times = await tx
          .select({ at: rateLimitEvents.createdAt })
          .from(rateLimitEvents)
          .where(
            and(
              eq(rateLimitEvents.bucket, limit.bucket),
              eq(rateLimitEvents.subject, this.subjectOf(limit.subject)),
              gt(rateLimitEvents.createdAt, new Date(now - limit.windowMs)),
            ),
          )
          .orderBy(asc(rateLimitEvents.createdAt));
        if (limit.backoff && times.length >= limit.max) {
          const wait = backoffDelay(limit.backoff, times.length - limit.max);
          const since = now - times[times.length - 1]!.at.getTime();
          if (since < wait) throw rateLimited(limit.detail, Math.ceil((wait - since) / 1000));
        } else if (times.length >= limit.max) {
          // Enough events must leave the window to make room for one more.
          const freeing = times[times.length - limit.max]!.at;
          throw rateLimited(limit.detail, secondsUntilFree(freeing, limit.windowMs));
        }
      }
      const ids: number[] = [];
      for (const [, limit] of subjects) {
        const [row] = await tx
          .insert(rateLimitEvents)
          .values({ bucket: limit.bucket, subject: this.subjectOf(limit.subject) })
          .returning({ id: rateLimitEvents.id });
        ids.push(row!.id);
      }
      return ids;
    });
  }

  /** Records one event; its id lets a failed operation take it back (see `forget`). */
  async record(bucket: string, subject: string): Promise<number> {
    const [row] = await this.db
      .insert(rateLimitEvents)
      .values({ bucket, subject: this.subjectOf(subject) })
      .returning({ id: rateLimitEvents.id });
    return row!.id;
  }

  async forget(ids: number[]): Promise<void> {
    if (ids.length > 0)
      await this.db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
  }

  async clear(bucket: string, subject: string): Promise<void> {
    await this.db
      .delete(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.bucket, bucket),
          eq(rateLimitEvents.subject, this.subjectOf(subject)),
        ),
      );
  }

  /** Drops events older than any window in use (called periodically). */
  async purgeOlderThan(ageMs: number): Promise<void> {
    await this.db
      .delete(rateLimitEvents)
      .where(lt(rateLimitEvents.createdAt, new Date(Date.now() - ageMs)));
  }
}

function keyOf(limit: Limit, subjectHash: string): string {
  return `${limit.bucket}:${subjectHash}`;
}

/** The wait before the `excess`-th event past a backoff limit (0 = the first one past it). */
export function backoffDelay(backoff: { baseMs: number; maxMs: number }, excess: number): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(excess, 30));
}

/** Seconds until an event at `oldest` leaves a window of `windowMs`. */
export function secondsUntilFree(oldest: Date | null, windowMs: number): number {
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - Date.now()) / 1000));
}
