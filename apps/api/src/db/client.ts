import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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
  };
}

/** PGlite in `dir` (created if needed), or in memory when `dir` is undefined (tests). */
export async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) await mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client) as unknown as Database;
  return fromPglite(client, db);
}

export function fromPglite(client: PGlite, db: Database): DatabaseHandle {
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    // PGlite has a single connection owned by this process: nothing else can race it.
    withAdvisoryLock: (_key, fn) => fn(),
  };
}
