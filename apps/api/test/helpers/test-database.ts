import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { adminQuery, withDatabase } from '../../src/db/admin-query';
import { openPostgres, type DatabaseHandle } from '../../src/db/client';

/**
 * A fresh, migrated database for one test file, copied from the run's template (on the embedded
 * server, or on DATABASE_URL's for the api-postgres project); closing it drops it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const { serverUrl, template, strategy } = inject('testDatabases');
  const name = `nuage_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template} strategy ${strategy}`);
  // Commits do not wait for the WAL flush (DATABASE_URL's server runs with fsync on; a test
  // database is thrown away): the same SQL, a tenth of the wait per commit on a busy disk.
  await adminQuery(serverUrl, `alter database ${name} set synchronous_commit = off`);
  const url = withDatabase(serverUrl, name);
  const handle = await openPostgres(url);
  return {
    ...handle,
    /** For a second connection pool, as another API process would open. */
    url,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
