import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import { ExpiringCache } from '../lib/expiring-cache';
import type { ApiTokenRecord, SessionRecord, SessionUser } from './credential-records';

interface Kinds {
  user: SessionUser;
  session: SessionRecord;
  token: ApiTokenRecord;
}
type Kind = keyof Kinds;

const CHANNEL = 'nuage_sessions';
const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/**
 * Every authenticated request needs its session (or API token) and its user: kept in memory for
 * a few seconds instead of queries per request. Ending a session, revoking a token or changing a
 * user evicts it here and, through PostgreSQL NOTIFY, in every other API process at once; if
 * that channel drops, everything is forgotten, so a revoked session is never served stale.
 */
export class SessionCache {
  private readonly caches: { [K in Kind]: ExpiringCache<Kinds[K]> } = {
    user: new ExpiringCache(MAX_ENTRIES),
    session: new ExpiringCache(MAX_ENTRIES),
    token: new ExpiringCache(MAX_ENTRIES),
  };
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
      (message) => this.onMessage(message),
      () => {
        this.listening = false;
        this.forgetAll();
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
    this.forgetAll();
  }

  /**
   * The cached row, or `read()`'s answer, kept when it is safe to: no change was seen while it
   * was read (it could predate that change), the change channel is up, and `keep` agrees.
   */
  async load<K extends Kind>(
    kind: K,
    key: string,
    read: () => Promise<Kinds[K] | undefined>,
    keep: (row: Kinds[K]) => boolean = () => true,
  ): Promise<Kinds[K] | undefined> {
    const cache = this.caches[kind] as ExpiringCache<Kinds[K]>;
    const cached = cache.get(key);
    if (cached) return cached;
    const before = this.generation;
    const row = await read();
    if (row && keep(row) && this.listening && before === this.generation)
      cache.set(key, row, Date.now() + TTL_MS);
    return row;
  }

  /** Replaces a cached row this process just wrote (last-seen times), without a broadcast. */
  refresh<K extends Kind>(kind: K, key: string, row: Kinds[K]) {
    const cache = this.caches[kind] as ExpiringCache<Kinds[K]>;
    if (cache.get(key)) cache.set(key, row, Date.now() + TTL_MS);
  }

  private onMessage(message: string) {
    const colon = message.indexOf(':');
    const kind = message.slice(0, colon) as Kind;
    if (colon > 0 && kind in this.caches) this.forget(kind, message.slice(colon + 1));
    else this.forgetAll();
  }

  private forget(kind: Kind, key: string) {
    this.generation++;
    this.caches[kind].delete(key);
  }

  private forgetAll() {
    this.generation++;
    for (const cache of Object.values(this.caches)) cache.clear();
  }

  /** A user's row changed: forget it here and in every other process. */
  userChanged(userId: string) {
    return this.broadcast('user', userId);
  }

  /** Sessions were ended (deleted): no process may accept them any longer. */
  async sessionsEnded(sessionIds: string[]) {
    for (const id of sessionIds) await this.broadcast('session', id);
  }

  /** An API token was revoked; `tokenHash` is the key it is looked up by. */
  tokenRevoked(tokenHash: string) {
    return this.broadcast('token', tokenHash);
  }

  private async broadcast(kind: Kind, key: string) {
    this.forget(kind, key);
    try {
      await this.db.execute(sql`select pg_notify(${CHANNEL}, ${`${kind}:${key}`})`);
    } catch (err) {
      this.log.warn({ err }, 'session change not broadcast; other processes expire it within 10 s');
    }
  }
}
