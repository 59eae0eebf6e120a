import type { Config } from '../config';
import type { DatabaseHandle } from './client';
import type { ServerLog } from './embedded/server-log';
import { openMigrated } from './migrate';
import { openEmbeddedDatabase } from './open-embedded-database';

/**
 * The PostgreSQL server of DATABASE_URL, else the platform's embedded one in DATA_DIR; migrated
 * before use. Closing the handle stops the embedded server.
 */
export function openDatabase(config: Config, log: ServerLog): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openMigrated(config.databaseUrl)
    : openEmbeddedDatabase(config.dataDir, log);
}
