import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { fileURLToPath } from 'node:url';
import { openPostgres, type DatabaseHandle } from './client';

/** Beside this file in the sources; copied beside the bundle by build.mjs. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 0x6e756167; // "nuag"

export async function applyMigrations(handle: DatabaseHandle, folder = migrationsFolder) {
  await handle.withAdvisoryLock(MIGRATION_LOCK, async () => {
    await migrate(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}

/** A pool on the database at `url`, once that database is migrated. */
export async function openMigrated(url: string): Promise<DatabaseHandle> {
  const handle = await openPostgres(url);
  try {
    await applyMigrations(handle);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}
