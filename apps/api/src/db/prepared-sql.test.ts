import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import type { DatabaseHandle } from './client';
import { preparedSql } from './prepared-sql';
import { users } from './schema/users';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const echo = preparedSql<{ word: string; count: number; at: Date }, { word: string; n: number }>(
  'prepared_sql_test_echo',
  () => sql`SELECT ${sql.placeholder('word')}::text AS word,
    ${sql.placeholder('n')}::int * 2 AS count, now() AS at`,
);

describe('preparedSql', () => {
  it('fills its placeholders at each call and gives the driver’s rows', async () => {
    expect(await echo(database.db, { word: 'bonjour', n: 2 })).toEqual([
      { word: 'bonjour', count: 4, at: expect.any(Date) },
    ]);
    // The same name with other values: the statement is reused, not redefined.
    expect((await echo(database.db, { word: 'merci', n: 5 }))[0]).toMatchObject({
      word: 'merci',
      count: 10,
    });
  });

  it('is prepared once on the connection and planned there, not sent as text again', async () => {
    // One connection: run it, then ask that connection what it has prepared.
    await database.db.transaction(async (tx) => {
      await echo(tx, { word: 'un', n: 1 });
      await echo(tx, { word: 'deux', n: 2 });
      const { rows } = (await tx.execute(
        sql`SELECT name FROM pg_prepared_statements WHERE name = 'prepared_sql_test_echo'`,
      )) as unknown as { rows: { name: string }[] };
      expect(rows).toEqual([{ name: 'prepared_sql_test_echo' }]);
    });
  });

  it('runs inside a transaction, on the connection that holds it', async () => {
    const probe = preparedSql<{ n: number }, { email: string }>(
      'prepared_sql_test_count',
      () =>
        sql`SELECT count(*)::int AS n FROM ${users} WHERE ${users.email} = ${sql.placeholder('email')}`,
    );
    const email = `prepared.${Date.now()}@exemple.sn`;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email, nom: 'Diop', prenom: 'Awa', passwordHash: 'x' });
        // Seen only by the transaction's own connection.
        expect(await probe(tx, { email })).toEqual([{ n: 1 }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await probe(database.db, { email })).toEqual([{ n: 0 }]);
  });
});
