import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Semaphore } from '../lib/semaphore';

/** The one database type the code sees: drizzle over node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** Answers when the database answers (used by /health). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs `fn` while holding a cluster-wide lock (migrations by several processes). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` for every NOTIFY on `channel` (from any process on this database), and
   * `onGap` when notifications may have been missed (connection lost), `onResume` once they flow
   * again. Returns the unsubscribe.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>;
}

/**
 * LISTEN on a dedicated connection (pooled ones come and go), reconnecting after a loss; a
 * loss means notifications may have been missed, which `onGap` is told.
 */
function listenPostgres(url: string) {
  return async (
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
    onResume?: () => void,
  ) => {
    let client: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const lost = () => {
      onGap?.();
      if (!closed) retry = setTimeout(reconnect, 1000);
    };
    const connect = async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (err) {
        await c.end().catch(() => {});
        throw err;
      }
      // Registered once listening: a failure before that is the caller's to handle.
      c.on('error', () => {
        c.end().catch(() => {});
        if (client === c) client = undefined;
        lost();
      });
      client = c;
    };
    const reconnect = () => {
      if (closed) return;
      connect().then(() => onResume?.(), lost);
    };
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  };
}

const POOL_SIZE = 10;
/**
 * Connections no transaction may take. A transaction holds its connection while it waits for a
 * row lock (200 deploys to one project queue on that project's row), and the pool serves waiters
 * in arrival order: without a reserve, a read arriving behind such a burst would wait for every
 * transaction before it. Transactions beyond the others wait without a connection instead.
 */
const RESERVED_FOR_SINGLE_QUERIES = 3;

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    // Two connections stay open when idle: the engine's and the workers' occasional looks reuse
    // them instead of opening one each time (a new server process and its authentication cost
    // more than the look itself: issue 32). Those opened for a burst stay a minute: the workers'
    // passes, every 30 s on their slot grid, find them open rather than connecting again.
    min: 2,
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that loses its server must not crash the process; the next query retries.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool) as unknown as Database;
  const slots = new Semaphore(POOL_SIZE - RESERVED_FOR_SINGLE_QUERIES);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn, config) => {
    const release = await slots.acquire();
    try {
      return await transaction(fn, config);
    } finally {
      release();
    }
  }) as Database['transaction'];
  return {
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    withAdvisoryLock: async (key, fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      }
    },
    listen: listenPostgres(url),
  };
}
