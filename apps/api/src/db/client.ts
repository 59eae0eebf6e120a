import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { FifoGate } from '../lib/fifo-gate';
import pg from 'pg';

/** The one database type the code sees: PGlite and node-postgres share the PostgreSQL dialect. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
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

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query retries.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool) as unknown as Database;
  return {
    db,
    kind: 'postgres',
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

/** PGlite in `dir` (created if needed), or in memory when `dir` is undefined (tests). */
export async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) await mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client) as unknown as Database;
  return fromPglite(client, db);
}

/**
 * PGlite runs each statement synchronously (WebAssembly on this thread) and resolves its promise
 * in a microtask, so a chain of queries (an apply, a burst of deploys) can run for hundreds of
 * milliseconds without the event loop reading a single socket. A macrotask hop before every
 * statement lets pending requests be read and answered in between.
 */
function yieldBeforeEachStatement(client: PGlite) {
  const target = client as unknown as { execProtocolRaw: (...args: unknown[]) => Promise<unknown> };
  const execute = target.execProtocolRaw.bind(client);
  target.execProtocolRaw = async (...args: unknown[]) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return execute(...args);
  };
}

export function fromPglite(client: PGlite, db: Database): DatabaseHandle {
  // PGlite has one connection and serves work in arrival order: a read arriving behind a burst of
  // transactions (200 deploys at once) would wait for all of them. Letting one transaction at a
  // time into its queue lets reads slip in between; writes still run one after the other, as
  // they must on one connection.
  yieldBeforeEachStatement(client);
  const gate = new FifoGate();
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) =>
    gate.run(() => transaction(fn, config))) as Database['transaction'];
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    // PGlite has a single connection owned by this process: nothing else can race it.
    withAdvisoryLock: (_key, fn) => fn(),
    listen: async (channel, onMessage) => {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => {
        await unsubscribe().catch(() => {});
      };
    },
  };
}
