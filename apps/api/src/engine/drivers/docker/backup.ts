import { backupTexts } from '@nuage/shared/schemas/backups';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  BACKUP_PARTS,
  databasePart,
  dumpEngine,
  isDatabaseService,
  type BackupManifest,
} from '../../backup-parts';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { databaseSecurity } from '../../templates/security';
import {
  backupDatabaseService,
  restoreRedis,
  runningDatabase,
  testRestoreRedis,
} from './database-service-backup';
import { countTablesCommand, dumpCommand, loadCommand, readyCommand } from './dump-commands';
import type { ContainerInspect, EngineApi } from './engine-api';
import { EngineError } from './engine-client';
import { execChecked, execIn } from './exec';
import { applicationContainers, componentOf, STOP_GRACE_SECONDS } from './objects';
import { SECRET_DIR } from './secret-env';
import { writeFiles } from './secret-files';
import { copyFileInto, saveVolumeTar } from './volume-archive';
import { backupStackOnDocker, restoreStackOnDocker } from './stack-backup';
import { refillVolume } from './volume-refill';
import { runtimeBackupTexts } from '@nuage/shared/messages/runtime-backups';

/**
 * Backups on one Docker/Podman host. The dump runs inside the database container (its own
 * client tools, its own socket), the files come from the application container's volume
 * through the Engine's archive API; restore stops the application, empties and refills the
 * volume from a one-off container that mounts it, loads the dump, and starts it again.
 */

const DUMP_IN_CONTAINER = '/tmp/nuagedeploy-restore.dump';
const POLL_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function parts(api: EngineApi, spec: ApplicationSpec) {
  const all = [...(await applicationContainers(api, spec.deploymentId, spec.name)).values()];
  const database = all.find((c) => componentOf(c) === 'database') ?? null;
  const apps = all
    .filter((c) => componentOf(c) === 'application')
    .sort((a, b) => a.Name.localeCompare(b.Name));
  return { database, apps };
}

function requireRunning(c: ContainerInspect | null, what: string): ContainerInspect {
  if (!c || !c.State.Running) {
    throw new RuntimeRejectedError(runtimeBackupTexts.notRunning(what));
  }
  return c;
}

export async function backupOnDocker(
  api: EngineApi,
  spec: ApplicationSpec,
  dir: string,
): Promise<BackupManifest> {
  if (isDatabaseService(spec)) return backupDatabaseService(api, spec, dir);
  if (spec.stack) return backupStackOnDocker(api, spec, dir);
  const { database, apps } = await parts(api, spec);
  if (spec.database) {
    const db = requireRunning(database, runtimeBackupTexts.database);
    const command = dumpCommand(spec.database, spec.secretData);
    await execChecked(api, db.Id, {
      ...command,
      stdoutFile: join(dir, databasePart(dumpEngine(spec.database))),
      what: spec.database.engine === 'mariadb' ? 'mariadb-dump' : 'pg_dump',
    });
  }
  const app = apps[0];
  if (!app) throw new RuntimeRejectedError(runtimeBackupTexts.applicationContainerMissing);
  await saveVolumeTar(api, app.Id, spec.app.volume.mountPath, join(dir, BACKUP_PARTS.files));
  return {
    format: 1,
    template: spec.template,
    database: spec.database ? dumpEngine(spec.database) : null,
    runtime: 'docker',
    createdAt: new Date().toISOString(),
  };
}

export async function restoreOnDocker(
  api: EngineApi,
  spec: ApplicationSpec,
  dir: string,
): Promise<void> {
  if (isDatabaseService(spec)) return restoreDatabaseService(api, spec, dir);
  if (spec.stack) return restoreStackOnDocker(api, spec, dir);
  const { database, apps } = await parts(api, spec);
  // No replica is expected of an application created for this restore (on hold).
  if (apps.length === 0 && spec.replicas > 0) {
    throw new RuntimeRejectedError(runtimeBackupTexts.applicationContainerMissing);
  }
  const db = spec.database ? requireRunning(database, runtimeBackupTexts.database) : null;
  const files = join(dir, BACKUP_PARTS.files);
  for (const app of apps) {
    if (app.State.Running) await api.stopContainer(app.Id, STOP_GRACE_SECONDS);
  }
  try {
    if (spec.database && db) {
      await loadDump(api, db.Id, spec, join(dir, databasePart(dumpEngine(spec.database))));
    }
    // The database image has the usual tools (find) even when the application image is slim.
    await refillVolume(api, spec, spec.database?.image ?? spec.app.image, files);
  } finally {
    // Started again whatever happened: a failed restore leaves the application running on
    // what it had (or on what was loaded), never stopped.
    for (const app of apps) await api.startContainer(app.Id);
  }
}

/** A database of an environment: its dump loaded in its running server, nothing else. */
async function restoreDatabaseService(api: EngineApi, spec: ApplicationSpec, dir: string) {
  const engine = dumpEngine(spec.database!);
  if (engine === 'redis') return restoreRedis(api, spec, dir);
  const db = await runningDatabase(api, spec);
  await loadDump(api, db.Id, spec, join(dir, databasePart(engine)));
}

async function loadDump(api: EngineApi, containerId: string, spec: ApplicationSpec, dump: string) {
  const db = spec.database!;
  await waitForEarlierLoads(api, containerId);
  await copyFileInto(api, containerId, '/tmp', 'nuagedeploy-restore.dump', dump);
  await execChecked(api, containerId, {
    ...loadCommand(db, spec.secretData, DUMP_IN_CONTAINER),
    what: db.engine === 'mariadb' ? runtimeBackupTexts.mariadbLoad : 'pg_restore',
  });
}

/** How long a load left by an earlier restore may still take before this one gives up. */
const EARLIER_LOAD_WAIT_MS = 30 * 60_000;

/**
 * A restore cut by a platform stop leaves its load running in the database container (the
 * engine runs an exec to its end without its client); the restore taken up again by the next
 * start waits for it rather than overwrite the dump file it reads and load beside it. Found in
 * the container's process list (the load's shell reads "$DUMP"): Podman reports a detached
 * exec as running long after it ended.
 */
async function waitForEarlierLoads(api: EngineApi, containerId: string): Promise<void> {
  const deadline = Date.now() + EARLIER_LOAD_WAIT_MS;
  for (;;) {
    const commands = await commandsIn(api, containerId);
    if (!commands.some((c) => c.includes('"$DUMP"'))) return;
    if (Date.now() >= deadline) throw new RuntimeRejectedError(backupTexts.earlierLoadRunning);
    await sleep(POLL_MS);
  }
}

/**
 * The command lines running in a container. Podman reads them itself with `ps_args=args`;
 * Docker runs the host's `ps` (its default arguments; it refuses `args`). Podman's default runs
 * `ps -ef` inside the container, which images with BusyBox's ps answer with nothing.
 */
async function commandsIn(api: EngineApi, containerId: string): Promise<string[]> {
  for (const query of [{ ps_args: 'args' }, {}]) {
    const top = await api.client
      .json<{ Processes?: string[][] | null } | null>('GET', `/containers/${containerId}/top`, {
        query,
      })
      // Docker answers `ps_args=args` with a 500 (its host ps refuses it): the next query.
      .catch((err: unknown) => {
        if (err instanceof EngineError || err instanceof RuntimeUnavailableError) return null;
        throw err;
      });
    const rows = top?.Processes ?? [];
    if (rows.length) return rows.map((row) => row.join(' '));
  }
  return [];
}

/**
 * Loads the dump into a throwaway database container (the application's database image, no
 * network, removed with its volumes afterwards) and counts the tables it then holds.
 */
export async function testRestoreOnDocker(
  api: EngineApi,
  spec: ApplicationSpec,
  dir: string,
  opts: { readyTimeoutMs?: number } = {},
): Promise<{ tablesCount: number }> {
  const db = spec.database;
  if (!db) return { tablesCount: 0 };
  if (db.engine === 'redis') return testRestoreRedis(api, spec, dir);
  const dump = join(dir, databasePart(dumpEngine(db)));
  const password = randomBytes(18).toString('base64url');
  const secrets = { 'db-root-password': password, 'db-password': password };
  // Its password, throwaway as it is, is a file like every database's (the images' *_FILE).
  const passwordVariable = db.engine === 'mariadb' ? 'MARIADB_ROOT_PASSWORD' : 'POSTGRES_PASSWORD';
  const passwordFile = `${SECRET_DIR}/${passwordVariable}`;
  const env =
    db.engine === 'mariadb'
      ? [`MARIADB_ROOT_PASSWORD_FILE=${passwordFile}`, `MARIADB_DATABASE=${db.databaseName}`]
      : [
          `POSTGRES_PASSWORD_FILE=${passwordFile}`,
          `POSTGRES_USER=${db.user}`,
          `POSTGRES_DB=${db.databaseName}`,
        ];
  const name = `${spec.name}-testrestore`;
  const existing = await api.inspectContainer(name);
  if (existing) await api.removeContainer(existing.Id);
  const security = databaseSecurity[dumpEngine(db)];
  const id = await api.createContainer(name, {
    Image: db.image,
    Env: env,
    Labels: { [LABELS.managedBy]: MANAGED_BY, 'nuagedeploy.io/test-restore-of': spec.deploymentId },
    HostConfig: { NetworkMode: 'none', CapDrop: ['ALL'], CapAdd: security.capabilities },
  });
  try {
    const file = { path: passwordFile, content: Buffer.from(password), mode: 0o444 };
    await writeFiles(api, id, [{ ...file, uid: 0, gid: 0 }]);
    await api.startContainer(id);
    await waitReady(api, id, () => execIn(api, id, readyCommand(db, secrets)), opts.readyTimeoutMs);
    await loadDump(api, id, { ...spec, secretData: secrets }, dump);
    const counted = await execChecked(api, id, {
      ...countTablesCommand(db, secrets),
      what: runtimeBackupTexts.countingTables,
    });
    return { tablesCount: Number.parseInt(counted.stdout.trim(), 10) || 0 };
  } finally {
    await api.removeContainer(id).catch((err: unknown) => {
      if (!(err instanceof EngineError)) throw err;
    });
  }
}

async function waitReady(
  api: EngineApi,
  id: string,
  probe: () => Promise<{ exitCode: number }>,
  timeoutMs = 180_000,
) {
  const deadline = Date.now() + timeoutMs;
  // The official images start a temporary server while initialising, then restart it: two
  // successes a few seconds apart mean the final server answers.
  let successes = 0;
  for (;;) {
    const c = await api.inspectContainer(id);
    if (!c?.State.Running) {
      throw new RuntimeRejectedError(runtimeBackupTexts.testDatabaseStopped);
    }
    successes = (await probe()).exitCode === 0 ? successes + 1 : 0;
    if (successes >= 2) return;
    if (Date.now() >= deadline) {
      throw new RuntimeRejectedError(runtimeBackupTexts.testDatabaseSilent);
    }
    await sleep(successes ? 3000 : POLL_MS);
  }
}
