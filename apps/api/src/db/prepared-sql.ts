import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client';

const dialect = new PgDialect();

/**
 * A statement written in SQL (with the schema's fragments and `sql.placeholder`s), built into
 * its text once and run as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and nothing rebuilds its text at each call. Its rows are the driver's own (no
 * per-column mapping: alias the columns as the caller wants them; timestamps arrive as Date,
 * bigint and numeric as strings). For a hot read (issue 32); drizzle's `.prepare()` does the same
 * for the query builder.
 */
export function preparedSql<Row, Values extends Record<string, unknown>>(
  name: string,
  build: () => SQL,
): (db: Database, values: Values) => Promise<Row[]> {
  let query: { sql: string; params: unknown[] } | undefined;
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build());
    const { rows } = await clientOf(db).query<Row & pg.QueryResultRow>({
      name,
      text: query.sql,
      values: fillPlaceholders(query.params, values),
    });
    return rows;
  };
}

/**
 * What runs the statement: the node-postgres pool under drizzle (openPostgres; the only driver
 * the platform runs on), or in a transaction the connection it holds.
 */
function clientOf(db: Database): pg.Pool | pg.PoolClient {
  const handle = db as unknown as { $client?: pg.Pool; session?: { client?: pg.PoolClient } };
  const client = handle.$client ?? handle.session?.client;
  if (!client) throw new Error('preparedSql needs a node-postgres database (openPostgres)');
  return client;
}
