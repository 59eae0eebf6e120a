import { databasePart, type BackupManifest } from '../backup-parts';
import { REDIS_RESTORE_SCRIPT } from '../redis-backup-scripts';
import type { ApplicationSpec } from '../spec';
import {
  backupJobName,
  dumpContainer,
  job,
  loadContainer,
  restoreJobName,
  uploadContainer,
} from './backup-job';
import { WORK_PATH, WORK_VOLUME, downloadContainer } from './backup-transfer';
import { DATA_VOLUME, containerSecurity, envVars, resources } from './containers';
import type { Container, JobObject, RenderOptions } from './types';

/**
 * The backup and restore Jobs of a database of an environment (issue 25): its dump only, no
 * files claim (it has no application). PostgreSQL and MariaDB are dumped and loaded over the
 * network as a template's database (backup-job.ts); Redis is dumped with `redis-cli --rdb`,
 * and restored by a Job mounting the database's own claim while its StatefulSet is at 0
 * (backup-jobs.ts scales it), which rewrites the AOF from the snapshot (redis-backup-scripts.ts).
 */

export const REDIS_DATA_PATH = '/data';

export function renderDatabaseBackupJob(
  spec: ApplicationSpec,
  stamp: string,
  options: RenderOptions,
  transfer: { manifest: BackupManifest },
): JobObject {
  const db = spec.database!;
  const name = backupJobName(spec, stamp);
  return job(
    spec,
    name,
    options,
    { init: [dumpContainer(spec)!], main: uploadContainer(spec, name, options, transfer.manifest) },
    null,
    db.security,
  );
}

export function renderDatabaseRestoreJob(
  spec: ApplicationSpec,
  stamp: string,
  options: RenderOptions,
  transfer: { sha256: string },
): JobObject {
  const db = spec.database!;
  const name = restoreJobName(spec, stamp);
  const download = downloadContainer(spec, name, transfer, options, db.security);
  if (db.engine !== 'redis') {
    return job(
      spec,
      name,
      options,
      { init: [download], main: loadContainer(spec)! },
      null,
      db.security,
    );
  }
  const load: Container = {
    name: 'database',
    image: db.image,
    command: ['sh', '-c', REDIS_RESTORE_SCRIPT],
    env: envVars(spec, [
      { name: 'RDB', value: `${WORK_PATH}/${databasePart('redis')}` },
      { name: 'DATA', value: REDIS_DATA_PATH },
    ]),
    resources: resources(db.cpuMilli, db.ramMb),
    volumeMounts: [
      { name: DATA_VOLUME, mountPath: REDIS_DATA_PATH },
      { name: WORK_VOLUME, mountPath: WORK_PATH },
    ],
    // Root with the server's own capabilities: it empties the claim and gives it back to redis.
    securityContext: containerSecurity(db.security),
  };
  return job(
    spec,
    name,
    options,
    { init: [download], main: load },
    { claimName: db.volume.claimName, readOnly: false, nearApp: false },
    db.security,
  );
}
