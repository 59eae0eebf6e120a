import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client';

/** Beside this file in the sources; copied beside the bundle by build.mjs. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 0x6e756167; // "nuag"

export async function applyMigrations(handle: DatabaseHandle, folder = migrationsFolder) {
  await handle.withAdvisoryLock(MIGRATION_LOCK, async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  });
}
