import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { fromPglite, openPostgres, type DatabaseHandle } from '../../src/db/client';
import { adminQuery, withDatabase } from '../global-setup';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * PostgreSQL database copied from the run's template when the suite runs as api-postgres.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const url = process.env.DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && url && template) {
    const name = `nuage_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name} template ${template}`);
    const handle = await openPostgres(withDatabase(url, name));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return fromPglite(client, drizzle(client) as never);
}
