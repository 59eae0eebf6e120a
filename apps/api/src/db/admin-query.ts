import pg from 'pg';

/** One statement on its own connection: CREATE/DROP DATABASE cannot run in a pooled transaction. */
export async function adminQuery(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** The same server URL, naming another database (the socket directory, if any, is kept). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
