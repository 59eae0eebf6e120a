import { stat } from 'node:fs/promises';
import path from 'node:path';
import { adminQuery } from './admin-query';
import type { DatabaseHandle } from './client';
import {
  startEmbeddedPostgres,
  type EmbeddedServer,
  type EmbeddedServerOptions,
} from './embedded/embedded-postgres';
import { EmbeddedPostgresError } from './embedded/binaries';
import type { ServerLog } from './embedded/server-log';
import { openMigrated } from './migrate';
import { IMPORTED_FROM_PGLITE, importPglite, setAside } from './pglite-import/import-pglite';

/** The platform's database on its embedded server. */
export const PLATFORM_DATABASE = 'nuagedeploy';

export interface EmbeddedDatabase extends DatabaseHandle {
  server: EmbeddedServer;
}

/**
 * The default database: the embedded server in DATA_DIR/postgres, its `nuagedeploy` database
 * created on the first start (from DATA_DIR/pglite when an earlier version left one there) and
 * migrated; closing the handle stops the server.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  log: ServerLog,
  serverOptions: Partial<EmbeddedServerOptions> = {},
): Promise<EmbeddedDatabase> {
  const server = await startEmbeddedPostgres({
    clusterDir: path.join(dataDir, 'postgres'),
    log,
    ...serverOptions,
  });
  try {
    await preparePlatformDatabase(server, path.join(dataDir, 'pglite'), log);
    const handle = await openMigrated(server.url(PLATFORM_DATABASE));
    return {
      ...handle,
      server,
      close: async () => {
        await handle.close();
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

async function preparePlatformDatabase(server: EmbeddedServer, pgliteDir: string, log: ServerLog) {
  const hasPglite = await stat(path.join(pgliteDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  const comment = await databaseComment(server.url('postgres'), PLATFORM_DATABASE);
  if (comment === undefined) {
    if (hasPglite) {
      await importPglite({ pgliteDir, database: PLATFORM_DATABASE, url: server.url, log });
    } else {
      await adminQuery(server.url('postgres'), `create database ${PLATFORM_DATABASE}`);
    }
    return;
  }
  if (!hasPglite) return;
  // Imported, then stopped before the PGlite directory was set aside: finish that.
  if (comment === IMPORTED_FROM_PGLITE) return setAside(pgliteDir, log);
  throw new EmbeddedPostgresError(
    `${pgliteDir} (data of an earlier version, in PGlite) sits beside the embedded PostgreSQL database, which already holds data: it is not imported over it. Move ${pgliteDir} away to start on the current data, or move ${path.join(path.dirname(pgliteDir), 'postgres')} away (and its -password.json) to import the PGlite data instead.`,
  );
}

/** undefined when the database does not exist; its comment (or null) when it does. */
async function databaseComment(url: string, database: string): Promise<string | null | undefined> {
  const { rows } = await adminQuery(
    url,
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [database],
  );
  return rows.length ? (rows[0] as { comment: string | null }).comment : undefined;
}
