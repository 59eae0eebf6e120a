import { join } from 'node:path';
import { databasePart, dumpEngine, type BackupManifest } from '../../backup-parts';
import { RuntimeRejectedError } from '../../driver';
import {
  REDIS_COUNT_SCRIPT,
  REDIS_KEYS_LINE,
  REDIS_RESTORE_SCRIPT,
} from '../../redis-backup-scripts';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import { dumpCommand } from './dump-commands';
import type { ContainerInspect, EngineApi } from './engine-api';
import { EngineError } from './engine-client';
import { execChecked } from './exec';
import { applicationContainers, componentOf, STOP_GRACE_SECONDS } from './objects';
import { copyFileInto } from './volume-archive';
import { runtimeBackupTexts } from '@nuage/shared/messages/runtime-backups';

/**
 * Backups of a database of an environment (issue 25) on one Docker/Podman host: the dump only
 * (no application, no files volume). PostgreSQL and MariaDB load their dump in the running
 * server (backup.ts loadDump); Redis gets its data back from a one-off container mounting the
 * database's volume while the server is stopped (redis-backup-scripts.ts says why).
 */

const SNAPSHOT_DIR = '/tmp';
const SNAPSHOT_NAME = 'nuagedeploy-restore.rdb';
const DATA_MOUNT = '/data';

/** The database's running container, or why there is none in French (a stopped database). */
export async function runningDatabase(
  api: EngineApi,
  spec: ApplicationSpec,
): Promise<ContainerInspect> {
  const all = [...(await applicationContainers(api, spec.deploymentId, spec.name)).values()];
  const found = all.find((c) => componentOf(c) === 'database');
  if (!found?.State.Running) {
    throw new RuntimeRejectedError(runtimeBackupTexts.databaseStoppedForBackup);
  }
  return found;
}

export async function backupDatabaseService(
  api: EngineApi,
  spec: ApplicationSpec,
  dir: string,
): Promise<BackupManifest> {
  const db = spec.database!;
  const engine = dumpEngine(db);
  const container = await runningDatabase(api, spec);
  await execChecked(api, container.Id, {
    ...dumpCommand(db, spec.secretData),
    stdoutFile: join(dir, databasePart(engine)),
    what: { mariadb: 'mariadb-dump', postgresql: 'pg_dump', redis: 'redis-cli --rdb' }[engine],
  });
  return {
    format: 1,
    template: spec.template,
    database: engine,
    files: false,
    runtime: 'docker',
    createdAt: new Date().toISOString(),
  };
}

/**
 * Redis: the server stopped, its volume refilled from the snapshot by a one-off container of
 * its own image (no network), the server started again whatever happened (on what it had, or
 * on what was loaded).
 */
export async function restoreRedis(api: EngineApi, spec: ApplicationSpec, dir: string) {
  const server = await runningDatabase(api, spec);
  await api.stopContainer(server.Id, STOP_GRACE_SECONDS);
  try {
    await inOneOff(api, spec, 'restore', true, async (id) => {
      await copyFileInto(api, id, SNAPSHOT_DIR, SNAPSHOT_NAME, join(dir, databasePart('redis')));
      await execChecked(api, id, {
        cmd: ['sh', '-c', REDIS_RESTORE_SCRIPT],
        env: [`RDB=${SNAPSHOT_DIR}/${SNAPSHOT_NAME}`, `DATA=${DATA_MOUNT}`],
        what: runtimeBackupTexts.redisLoad,
      });
    });
  } finally {
    await api.startContainer(server.Id);
  }
}

/** The weekly check of a Redis snapshot: loaded by a throwaway server, its keys counted. */
export async function testRestoreRedis(
  api: EngineApi,
  spec: ApplicationSpec,
  dir: string,
): Promise<{ tablesCount: number }> {
  return inOneOff(api, spec, 'testrestore', false, async (id) => {
    await copyFileInto(api, id, SNAPSHOT_DIR, SNAPSHOT_NAME, join(dir, databasePart('redis')));
    const out = await execChecked(api, id, {
      cmd: ['sh', '-c', REDIS_COUNT_SCRIPT],
      env: [`RDB=${SNAPSHOT_DIR}/${SNAPSHOT_NAME}`],
      what: runtimeBackupTexts.redisCount,
    });
    const found = REDIS_KEYS_LINE.exec(out.stdout);
    if (!found) throw new RuntimeRejectedError(runtimeBackupTexts.keysWithoutCount);
    return { tablesCount: Number(found[1]) };
  });
}

/**
 * A one-off container of the database's image that only waits (its work is exec'd into it),
 * as root without network; `withVolume` mounts the database's volume. Removed afterwards.
 */
async function inOneOff<T>(
  api: EngineApi,
  spec: ApplicationSpec,
  suffix: string,
  withVolume: boolean,
  work: (id: string) => Promise<T>,
): Promise<T> {
  const db = spec.database!;
  const name = `${spec.name}-${suffix}`;
  const existing = await api.inspectContainer(name);
  if (existing) await api.removeContainer(existing.Id);
  const id = await api.createContainer(name, {
    Image: db.image,
    Entrypoint: ['sh', '-c'],
    Cmd: ['exec sleep 86400'],
    User: '0',
    Labels: { [LABELS.managedBy]: MANAGED_BY, [`nuagedeploy.io/${suffix}-of`]: spec.deploymentId },
    HostConfig: {
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      CapAdd: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER'],
      ...(withVolume
        ? { Mounts: [{ Type: 'volume', Source: db.volume.claimName, Target: DATA_MOUNT }] }
        : {}),
    },
  });
  try {
    await api.startContainer(id);
    return await work(id);
  } finally {
    await api.removeContainer(id).catch((err: unknown) => {
      if (!(err instanceof EngineError)) throw err;
    });
  }
}
