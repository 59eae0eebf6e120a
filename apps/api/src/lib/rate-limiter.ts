import { and, count, eq, gt, inArray, lt, max, min } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimitEvents } from '../db/schema/users';
import { keyedHash } from './crypto';

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

/** Seconds until an event at `oldest` leaves a window of `windowMs`. */
export function secondsUntilFree(oldest: Date | null, windowMs: number): number {
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - Date.now()) / 1000));
}
