import { BACKUP_PARTS, databasePart } from '../backup-parts';
import type { ApplicationSpec, EnvVar } from '../spec';
import { DATA_VOLUME, componentVolumes, envVars, podDefaults, resources } from './containers';
import { componentLabels, objectMeta } from './meta';
import { renderClaim } from './storage';
import type { Container, JobObject, PersistentVolumeClaimObject, RenderOptions } from './types';
import { sameNodeAsApp } from './workloads';

/**
 * A backup on Kubernetes: a Job whose two containers write the backup parts (backup-parts.ts)
 * into the application's backup claim: the database dump, taken over the network from the
 * database Service with the database image's own client, and a tar of the files claim
 * (mounted read-only). Names and passwords reach the shell as environment variables.
 */

const BACKUP_VOLUME = 'backups';
const BACKUP_PATH = '/backup';

export const backupClaimName = (spec: ApplicationSpec) => `${spec.name}-backups`;
export const backupJobName = (spec: ApplicationSpec, stamp: string) =>
  `${spec.name}-backup-${stamp}`;

export function renderBackupClaim(
  spec: ApplicationSpec,
  options: RenderOptions,
): PersistentVolumeClaimObject {
  // Room for a dump and an archive of the files: the application's storage again.
  const sizeMb = spec.app.volume.sizeMb + (spec.database?.volume.sizeMb ?? 0);
  return renderClaim(
    spec,
    { claimName: backupClaimName(spec), sizeMb },
    'backup',
    'ReadWriteOnce',
    options,
  );
}

function dumpContainer(spec: ApplicationSpec): Container | null {
  const db = spec.database;
  if (!db) return null;
  const target = `${BACKUP_PATH}/${databasePart(db.engine)}`;
  const common: EnvVar[] = [
    { name: 'DB', value: db.databaseName },
    { name: 'DBHOST', value: db.serviceName },
    { name: 'DBUSER', value: db.user },
    { name: 'TARGET', value: target },
  ];
  const script =
    db.engine === 'mariadb'
      ? 'set -e; mariadb-dump --host="$DBHOST" --user=root --single-transaction --routines --triggers --events "$DB" > "$TARGET"'
      : 'set -e; pg_dump -Fc --no-owner --host="$DBHOST" --username="$DBUSER" --dbname="$DB" > "$TARGET"';
  const password: EnvVar =
    db.engine === 'mariadb'
      ? { name: 'MYSQL_PWD', secretKey: 'db-root-password' }
      : { name: 'PGPASSWORD', secretKey: 'db-password' };
  return {
    name: 'database',
    image: db.image,
    command: ['sh', '-c', script],
    env: envVars(spec, [...common, password]),
    resources: resources(250, 256),
    volumeMounts: [{ name: BACKUP_VOLUME, mountPath: BACKUP_PATH }],
  };
}

function filesContainer(spec: ApplicationSpec): Container {
  return {
    name: 'files',
    image: spec.app.image,
    command: ['sh', '-c', 'set -e; tar -C "$SOURCE" -cf "$TARGET" .'],
    env: envVars(spec, [
      { name: 'SOURCE', value: spec.app.volume.mountPath },
      { name: 'TARGET', value: `${BACKUP_PATH}/${BACKUP_PARTS.files}` },
    ]),
    resources: resources(250, 256),
    volumeMounts: [
      { name: DATA_VOLUME, mountPath: spec.app.volume.mountPath, readOnly: true },
      { name: BACKUP_VOLUME, mountPath: BACKUP_PATH },
    ],
  };
}

export function renderBackupJob(
  spec: ApplicationSpec,
  stamp: string,
  options: RenderOptions,
): JobObject {
  const dump = dumpContainer(spec);
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: objectMeta(spec, backupJobName(spec, stamp), 'backup'),
    spec: {
      backoffLimit: 2,
      activeDeadlineSeconds: 3 * 3600,
      ttlSecondsAfterFinished: 24 * 3600,
      template: {
        metadata: { labels: componentLabels(spec, 'backup') },
        spec: {
          ...podDefaults,
          ...sameNodeAsApp(spec, options),
          restartPolicy: 'Never',
          containers: [...(dump ? [dump] : []), filesContainer(spec)],
          volumes: [
            ...componentVolumes(spec, spec.app).filter((v) => v.name === DATA_VOLUME),
            { name: BACKUP_VOLUME, persistentVolumeClaim: { claimName: backupClaimName(spec) } },
          ],
        },
      },
    },
  };
}
