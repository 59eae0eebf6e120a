import { BACKUP_PARTS, databasePart, dumpEngine, type BackupManifest } from '../backup-parts';
import type { ApplicationSpec, EnvVar } from '../spec';
import {
  DATA_VOLUME,
  containerSecurity,
  envVars,
  helperImage,
  podDefaults,
  podSecurity,
  resources,
} from './containers';
import {
  ARCHIVE,
  BACKUP_TRANSFER_IMAGE,
  TRANSFER_URL_KEY,
  WORK_PATH,
  WORK_VOLUME,
  downloadContainer,
  fromTransferSecret,
  scratch,
} from './backup-transfer';
import { componentLabels, objectMeta } from './meta';
import type { Container, JobObject, RenderOptions } from './types';
import { sameNodeAsApp } from './workloads';

/**
 * Backups on Kubernetes run inside the cluster and go straight to the project's S3 storage:
 * the platform never reaches a pod's filesystem. A backup Job dumps the database over the
 * network (the database image's own client) and tars the files claim (read-only) into a
 * scratch volume, packs the same archive as the Docker runtime (backup-parts.ts), prints its
 * SHA-256 and size in its log, and PUTs it to a presigned URL (one object, one hour: no S3
 * key ever enters the cluster). A restore Job fetches the archive from a presigned URL,
 * checks its SHA-256, loads the dump and refills the files claim. Names and passwords reach
 * the shells as environment variables (passwords by reference to the application's Secret).
 * The presigned URL is a credential too: it lives in a Secret of the Job's own (owned by
 * it, backup-transfer.ts renderTransferSecret), never in the Job's spec; the Job is created
 * suspended and the driver resumes it once that Secret exists.
 */

/** The log line the backup Job ends with, read back by the driver. */
export const ARCHIVE_LINE = /^nuagedeploy-archive sha256=([0-9a-f]{64}) size=(\d+)$/m;

export const backupJobName = (spec: ApplicationSpec, stamp: string) =>
  `${spec.name}-backup-${stamp}`;
export const restoreJobName = (spec: ApplicationSpec, stamp: string) =>
  `${spec.name}-restore-${stamp}`;

export function databaseEnv(spec: ApplicationSpec, extra: EnvVar[]) {
  const db = spec.database!;
  const password: EnvVar =
    db.engine === 'mariadb'
      ? { name: 'MYSQL_PWD', secretKey: 'db-root-password' }
      : { name: db.engine === 'redis' ? 'REDISCLI_AUTH' : 'PGPASSWORD', secretKey: 'db-password' };
  return envVars(spec, [
    { name: 'DB', value: db.databaseName },
    { name: 'DBHOST', value: db.serviceName },
    { name: 'DBUSER', value: db.user },
    password,
    ...extra,
  ]);
}

const DUMP_SCRIPTS = {
  mariadb:
    'set -e; mariadb-dump --host="$DBHOST" --user=root --single-transaction --routines --triggers --events "$DB" > "$TARGET"',
  postgresql:
    'set -e; pg_dump -Fc --no-owner --host="$DBHOST" --username="$DBUSER" --dbname="$DB" > "$TARGET"',
  // The snapshot the server makes for a replica (a database of an environment only).
  redis: 'set -e; redis-cli --no-auth-warning -h "$DBHOST" --rdb "$TARGET"',
};

export function dumpContainer(spec: ApplicationSpec): Container | null {
  const db = spec.database;
  if (!db) return null;
  const script = DUMP_SCRIPTS[dumpEngine(db)];
  return {
    name: 'database',
    image: db.image,
    command: ['sh', '-c', script],
    env: databaseEnv(spec, [
      { name: 'TARGET', value: `${WORK_PATH}/${databasePart(dumpEngine(db))}` },
    ]),
    resources: resources(250, 256),
    volumeMounts: [{ name: WORK_VOLUME, mountPath: WORK_PATH }],
    securityContext: containerSecurity({ ...spec.app.security, capabilities: [] }),
  };
}

function filesContainer(spec: ApplicationSpec): Container {
  return {
    name: 'files',
    image: spec.app.image,
    command: ['sh', '-c', 'set -e; tar -C "$SOURCE" -cf "$TARGET" .'],
    env: envVars(spec, [
      { name: 'SOURCE', value: spec.app.volume.mountPath },
      { name: 'TARGET', value: `${WORK_PATH}/${BACKUP_PARTS.files}` },
    ]),
    resources: resources(250, 256),
    volumeMounts: [
      { name: DATA_VOLUME, mountPath: spec.app.volume.mountPath, readOnly: true },
      { name: WORK_VOLUME, mountPath: WORK_PATH },
    ],
    securityContext: containerSecurity(spec.app.security),
  };
}

const PACK_AND_UPLOAD = [
  'set -e',
  `cd ${WORK_PATH}`,
  `printf '%s' "$MANIFEST" > ${BACKUP_PARTS.manifest}`,
  // volume-<i>.tar: a Compose application's named volumes (stack-backup-job.ts).
  `parts=''; for p in ${BACKUP_PARTS.mariadb} ${BACKUP_PARTS.postgresql} ${BACKUP_PARTS.redis} ${BACKUP_PARTS.files} volume-*.tar ${BACKUP_PARTS.manifest}; do if [ -f "$p" ]; then parts="$parts $p"; fi; done`,
  `tar -czf ${ARCHIVE} $parts`,
  `sum=$(sha256sum ${ARCHIVE} | cut -d ' ' -f 1)`,
  `size=$(wc -c < ${ARCHIVE} | tr -d ' ')`,
  `curl --fail --silent --show-error --retry 2 --upload-file ${ARCHIVE} "$UPLOAD_URL"`,
  'echo "nuagedeploy-archive sha256=$sum size=$size"',
].join('\n');

/**
 * `data`: the claim the Job mounts (the application's files, read-only for a backup; a Redis
 * database's own claim for its restore) and whether its pod must run beside the application's
 * (a ReadWriteOnce claim it shares); null: none (a database of an environment's dump).
 */
export function job(
  spec: ApplicationSpec,
  name: string,
  options: RenderOptions,
  containers: { init: Container[]; main: Container },
  data: { claimName: string; readOnly: boolean; nearApp: boolean } | null,
  security = spec.app.security,
): JobObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: objectMeta(spec, name, 'backup'),
    spec: {
      // One attempt: a failed transfer is reported and retried by the user or the schedule.
      backoffLimit: 0,
      // No pod before its transfer Secret exists: the driver resumes the Job then.
      suspend: true,
      activeDeadlineSeconds: 3 * 3600,
      ttlSecondsAfterFinished: 24 * 3600,
      template: {
        metadata: { labels: componentLabels(spec, 'backup') },
        spec: {
          ...podDefaults,
          ...(data?.nearApp ? sameNodeAsApp(spec, options) : {}),
          restartPolicy: 'Never',
          securityContext: podSecurity(security),
          initContainers: containers.init,
          containers: [containers.main],
          volumes: [
            ...(data
              ? [
                  {
                    name: DATA_VOLUME,
                    persistentVolumeClaim: { claimName: data.claimName, readOnly: data.readOnly },
                  },
                ]
              : []),
            scratch(spec),
          ],
        },
      },
    },
  };
}

export function uploadContainer(
  spec: ApplicationSpec,
  name: string,
  options: RenderOptions,
  manifest: BackupManifest,
): Container {
  return {
    name: 'upload',
    image: helperImage(BACKUP_TRANSFER_IMAGE, options),
    command: ['sh', '-c', PACK_AND_UPLOAD],
    env: [
      ...envVars(spec, [{ name: 'MANIFEST', value: JSON.stringify(manifest) }]),
      fromTransferSecret(name, 'UPLOAD_URL', TRANSFER_URL_KEY),
    ],
    resources: resources(250, 128),
    volumeMounts: [{ name: WORK_VOLUME, mountPath: WORK_PATH }],
    securityContext: containerSecurity({ ...spec.app.security, capabilities: [] }),
  };
}

export function renderBackupJob(
  spec: ApplicationSpec,
  stamp: string,
  options: RenderOptions,
  transfer: { manifest: BackupManifest },
): JobObject {
  const dump = dumpContainer(spec);
  const name = backupJobName(spec, stamp);
  const upload = uploadContainer(spec, name, options, transfer.manifest);
  return job(
    spec,
    name,
    options,
    { init: [...(dump ? [dump] : []), filesContainer(spec)], main: upload },
    { claimName: spec.app.volume.claimName, readOnly: true, nearApp: true },
  );
}

export function loadContainer(spec: ApplicationSpec): Container | null {
  const db = spec.database;
  if (!db) return null;
  // The same statements as the Docker runtime's (drivers/docker/dump-commands.ts), over the network.
  const script =
    db.engine === 'mariadb'
      ? 'set -e; Q=$(printf "%s" "$DB" | sed "s/\\`/\\`\\`/g"); ' +
        'mariadb --host="$DBHOST" --user=root -e "DROP DATABASE IF EXISTS \\`$Q\\`; CREATE DATABASE \\`$Q\\`"; ' +
        'mariadb --host="$DBHOST" --user=root "$DB" < "$DUMP"'
      : 'set -e; psql -v ON_ERROR_STOP=1 --quiet --host="$DBHOST" --username="$DBUSER" --dbname="$DB" ' +
        '-c "DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;"; ' +
        'pg_restore --no-owner --exit-on-error --host="$DBHOST" --username="$DBUSER" --dbname="$DB" "$DUMP"';
  return {
    name: 'database',
    image: db.image,
    command: ['sh', '-c', script],
    env: databaseEnv(spec, [
      { name: 'DUMP', value: `${WORK_PATH}/${databasePart(dumpEngine(db))}` },
    ]),
    resources: resources(250, 256),
    volumeMounts: [{ name: WORK_VOLUME, mountPath: WORK_PATH }],
    securityContext: containerSecurity({ ...spec.app.security, capabilities: [] }),
  };
}

export function renderRestoreJob(
  spec: ApplicationSpec,
  stamp: string,
  options: RenderOptions,
  transfer: { sha256: string },
): JobObject {
  const name = restoreJobName(spec, stamp);
  const download = downloadContainer(spec, name, transfer, options, spec.app.security);
  const load = loadContainer(spec);
  const files: Container = {
    name: 'files',
    image: spec.app.image,
    command: [
      'sh',
      '-c',
      'set -e; find "$TARGET" -mindepth 1 -delete; tar -C "$TARGET" -xf "$SOURCE"',
    ],
    env: envVars(spec, [
      { name: 'TARGET', value: spec.app.volume.mountPath },
      { name: 'SOURCE', value: `${WORK_PATH}/${BACKUP_PARTS.files}` },
    ]),
    resources: resources(250, 256),
    volumeMounts: [
      { name: DATA_VOLUME, mountPath: spec.app.volume.mountPath },
      { name: WORK_VOLUME, mountPath: WORK_PATH },
    ],
    securityContext: containerSecurity(spec.app.security),
  };
  return job(
    spec,
    name,
    options,
    { init: [download, ...(load ? [load] : [])], main: files },
    { claimName: spec.app.volume.claimName, readOnly: false, nearApp: true },
  );
}
