import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import { ExpiringCache } from '../lib/expiring-cache';
import type { AuthUser } from './authenticate';

/** The user row an authenticated request needs: the caller plus what decides the session. */
export interface SessionUser extends AuthUser {
  tokenVersion: number;
  verifiedAt: Date | null;
}

const CHANNEL = 'nuage_sessions';
const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/**
 * Every authenticated request needs its user (token version, names): kept in memory for a few
 * seconds instead of one query per request. Any change to a user (password reset, profile,
 * e-mail, deletion) evicts it here and, through PostgreSQL NOTIFY, in every other API process;
 * if that channel drops, everything is forgotten, so a revoked session is never served stale.
 */
export class SessionCache {
  private readonly entries = new ExpiringCache<SessionUser>(MAX_ENTRIES);
  private unsubscribe: (() => Promise<void>) | undefined;
  /** Bumped by every eviction: a row read before one may be stale and is not kept. */
  private generation = 0;
  /** False while the NOTIFY channel is down: changes elsewhere would go unseen. */
  private listening = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(database: DatabaseHandle) {
    this.unsubscribe = await database.listen(
      CHANNEL,
      (userId) => this.forget(userId),
      () => {
        this.listening = false;
        this.forget();
      },
      () => {
        this.listening = true;
      },
    );
    this.listening = true;
  }

  async stop() {
    this.listening = false;
    await this.unsubscribe?.();
    this.forget();
  }

  /**
   * The cached user, or `read()`'s answer, kept when it is safe to: no change was seen while it
   * was read (it could predate that change) and the change channel is up.
   */
  async load(
    userId: string,
    read: () => Promise<SessionUser | undefined>,
  ): Promise<SessionUser | undefined> {
    const cached = this.entries.get(userId);
    if (cached) return cached;
    const before = this.generation;
    const user = await read();
    // Only usable sessions are kept: an unverified account is checked again next time.
    if (user?.verifiedAt && this.listening && before === this.generation)
      this.entries.set(user.id, user, Date.now() + TTL_MS);
    return user;
  }

  private forget(userId?: string) {
    this.generation++;
    if (userId === undefined) this.entries.clear();
    else this.entries.delete(userId);
  }

  /** A user's row changed: forget it here and in every other process. */
  async changed(userId: string) {
    this.forget(userId);
    try {
      await this.db.execute(sql`select pg_notify(${CHANNEL}, ${userId})`);
    } catch (err) {
      this.log.warn({ err }, 'session change not broadcast; other processes expire it within 10 s');
    }
  }
}
