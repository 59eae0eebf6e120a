import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readOrCreateSecretsFile } from '../../lib/generated-secrets-file';
import { EmbeddedPostgresError, locateBinaries } from './binaries';
import { connectionTo } from './connection';
import { initCluster } from './init-cluster';
import { restoreLibraryLinks } from './library-links';
import { recordOwner, stopOrphanedServer } from './orphaned-server';
import { Postmaster } from './postmaster';
import { assertReachable, chooseServerAccount, letAccountTraverse } from './server-account';
import type { ServerLog } from './server-log';

export interface EmbeddedServerOptions {
  /** The cluster's directory: DATA_DIR/postgres. */
  clusterDir: string;
  log: ServerLog;
  /** Settings given at every start, over postgresql.conf (the tests turn durability off). */
  settings?: Record<string, string>;
  /** false: initdb skips fsync (throw-away clusters of the tests only). */
  durable?: boolean;
}

export interface EmbeddedServer {
  /** A postgres:// URL for `database` on this server, as its superuser. */
  url(database: string): string;
  /** The server's main process, while it runs. */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/** Written into postgresql.conf at initdb: a small machine's sizes, tunable afterwards there. */
const CLUSTER_SETTINGS = {
  shared_buffers: '32MB',
  max_connections: '40',
  // No I/O worker processes: a control plane's database is small and mostly cached.
  io_method: 'sync',
  max_logical_replication_workers: '0',
  min_wal_size: '32MB',
  max_wal_size: '256MB',
  // A settled platform writes a little every half minute (metrics samples), so a checkpoint came
  // every 5 minutes (the default), about 100 ms of CPU each (idle measure, issue 32). Recovery
  // after a crash replays at most 15 minutes of this small database's WAL: seconds.
  checkpoint_timeout: "'15min'",
  jit: 'off',
  huge_pages: 'off',
  timezone: "'UTC'",
  log_timezone: "'UTC'",
  // The platform logs its own query errors; the server reports only its own trouble, terse (no
  // DETAIL lines, which would quote key values such as e-mail addresses).
  log_min_messages: 'warning',
  log_min_error_statement: 'panic',
  log_error_verbosity: 'terse',
  log_checkpoints: 'off',
};

/**
 * A PostgreSQL server of the platform's own, from the binaries of the npm package: created on
 * the first start (a random password kept in DATA_DIR/postgres-password.json), reachable only
 * through a unix socket inside its directory (or 127.0.0.1 where that path is too long), run as
 * an unprivileged account when the platform runs as root, and supervised as a child process.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedServerOptions,
): Promise<EmbeddedServer> {
  const { clusterDir, log } = options;
  const binaries = await locateBinaries();
  const dataDir = path.dirname(clusterDir);
  await mkdir(dataDir, { recursive: true });
  const { extraLibraryDir } = await restoreLibraryLinks(
    binaries.nativeDir,
    path.join(dataDir, 'postgres-libs'),
  );
  const account = await chooseServerAccount(clusterDir);
  if (account) {
    await letAccountTraverse(dataDir, account);
    await assertReachable(clusterDir, account, 'DATA_DIR');
    await assertReachable(binaries.postgres, account, 'the PostgreSQL binaries');
  }
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    // English messages (read in errors) whatever the machine's locale; nothing else inherited.
    LC_ALL: 'C',
    ...(extraLibraryDir ? { LD_LIBRARY_PATH: extraLibraryDir } : {}),
  };

  const existingVersion = await readFile(path.join(clusterDir, 'PG_VERSION'), 'utf8').catch(
    () => undefined,
  );
  const password = await serverPassword(clusterDir, existingVersion !== undefined);
  if (existingVersion === undefined) {
    log.info({ clusterDir, account: account?.name }, 'creating the embedded PostgreSQL cluster');
    await initCluster({
      binaries,
      dataDir: clusterDir,
      account,
      password,
      env,
      settings: CLUSTER_SETTINGS,
      durable: options.durable ?? true,
    });
  } else if (existingVersion.trim() !== binaries.majorVersion) {
    throw new EmbeddedPostgresError(
      `${clusterDir} holds a PostgreSQL ${existingVersion.trim()} cluster and this version of NuageDeploy embeds PostgreSQL ${binaries.majorVersion}: keep the previous version running, or move the data over (see "Upgrading the embedded database" in docs/embedded-database.md).`,
    );
  }

  await stopOrphanedServer(clusterDir, log);
  const connection = await connectionTo(clusterDir, password);
  const postmaster = new Postmaster({
    postgres: binaries.postgres,
    clusterDir,
    settings: { ...connection.settings, ...options.settings },
    env,
    account,
    log,
  });
  await postmaster.start();
  await recordOwner(clusterDir);
  log.info({ pid: postmaster.pid, via: connection.via }, 'embedded PostgreSQL ready');
  return {
    url: connection.url,
    get pid() {
      return postmaster.pid;
    },
    stop: () => postmaster.stop(),
  };
}

interface PasswordFile {
  postgres_password: string;
}

/** Generated once, beside the cluster; a cluster without its password file cannot be opened. */
async function serverPassword(clusterDir: string, clusterExists: boolean): Promise<string> {
  const file = `${clusterDir}-password.json`;
  if (clusterExists) {
    await readFile(file).catch(() => {
      throw new EmbeddedPostgresError(
        `${file} is missing: it holds the password of the database in ${clusterDir}. Restore it from your backup of DATA_DIR.`,
      );
    });
  }
  const { postgres_password } = await readOrCreateSecretsFile<PasswordFile>(file, {
    generate: () => ({ postgres_password: randomBytes(24).toString('base64url') }),
    isValid: (v): v is PasswordFile =>
      typeof (v as Partial<PasswordFile> | null)?.postgres_password === 'string',
    dependants: 'the embedded database',
  });
  return postgres_password;
}
