import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

/** PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR; migrated before use. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  await applyMigrations(handle);
  return handle;
}
