import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EmbeddedPostgresError } from '../embedded/binaries';

const BATCH_ROWS = 500;

type Columns = Map<string, string[]>;
type Query = (text: string) => Promise<{ rows: unknown[] }>;

const COLUMNS_SQL = `
  select c.table_name, c.column_name
  from information_schema.columns c
  join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
  where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
  order by c.table_name, c.ordinal_position`;

async function columnsOf(query: Query): Promise<Columns> {
  const columns: Columns = new Map();
  for (const row of (await query(COLUMNS_SQL)).rows as {
    table_name: string;
    column_name: string;
  }[]) {
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  return columns;
}

const shape = (columns: Columns) =>
  [...columns]
    .map(([table, names]) => `${table}(${[...names].sort().join(',')})`)
    .sort()
    .join(' ');

/**
 * Copies every row of the public tables of `source` into the same tables of `target`, which must
 * be empty and at the same migration level (checked: the same tables and columns), inside the
 * transaction the caller opened on `target`. Values travel as JSON text, which keeps every type
 * exact (timestamps to the microsecond, numerics, bytea, arrays); sequences follow. Foreign keys
 * are not checked row by row (session_replication_role), the rows being a consistent snapshot.
 * Returns the number of rows per table.
 */
export async function copyRows(
  source: PGlite,
  target: pg.ClientBase,
): Promise<Record<string, number>> {
  const columns = await columnsOf((text) => source.query(text));
  if (shape(columns) !== shape(await columnsOf((text) => target.query(text)))) {
    throw new EmbeddedPostgresError(
      'The PGlite database and the new one differ in their tables although at the same migration: not imported.',
    );
  }
  await target.query('set local session_replication_role = replica');
  const counts: Record<string, number> = {};
  for (const [table, names] of columns) {
    counts[table] = await copyTable(source, target, table, names);
  }
  await copySequences(source, target);
  return counts;
}

async function copyTable(source: PGlite, target: pg.ClientBase, table: string, names: string[]) {
  const id = `public.${pg.escapeIdentifier(table)}`;
  const list = names.map((n) => pg.escapeIdentifier(n)).join(', ');
  const insert = `insert into ${id} (${list}) overriding system value select ${list} from json_populate_recordset(null::${id}, $1::json)`;
  let copied = 0;
  await source.transaction(async (tx) => {
    // A cursor: a large table never sits in memory whole.
    await tx.query(
      `declare import_rows no scroll cursor for select row_to_json(t)::text as r from ${id} t`,
    );
    for (;;) {
      const { rows } = await tx.query<{ r: string }>(`fetch ${BATCH_ROWS} from import_rows`);
      if (rows.length === 0) break;
      const result = await target.query(insert, [`[${rows.map((row) => row.r).join(',')}]`]);
      if (result.rowCount !== rows.length) {
        throw new EmbeddedPostgresError(
          `${table}: ${rows.length} rows read, ${result.rowCount} written`,
        );
      }
      copied += rows.length;
    }
  });
  return copied;
}

async function copySequences(source: PGlite, target: pg.ClientBase) {
  const { rows } = await source.query<{ name: string; last_value: string }>(
    `select sequencename as name, last_value::text from pg_sequences
     where schemaname = 'public' and last_value is not null`,
  );
  for (const { name, last_value } of rows) {
    await target.query('select setval($1::regclass, $2::bigint, true)', [
      `public.${pg.escapeIdentifier(name)}`,
      last_value,
    ]);
  }
}
