import { databasePart, dumpEngine } from '../backup-parts';
import { REDIS_COUNT_SCRIPT } from '../redis-backup-scripts';
import type { ApplicationSpec, EnvVar } from '../spec';
import {
  WORK_PATH,
  WORK_VOLUME,
  downloadContainer,
  fromTransferSecret,
  scratch,
} from './backup-transfer';
import { containerSecurity, envVars, podDefaults, podSecurity, resources } from './containers';
import { componentLabels, objectMeta } from './meta';
import type { Container, JobObject, RenderOptions } from './types';
import { runtimeBackupTexts } from '@nuage/shared/messages/runtime-backups';

/**
 * The weekly test restore on Kubernetes: a Job that fetches the archive (presigned GET, SHA-256
 * checked), starts a throwaway server of the application's database image inside its own
 * container (no network: --skip-networking / no TCP listener, nothing reaches it), loads the
 * dump, counts the tables and prints `nuagedeploy-tables <n>`. Nothing of the application is
 * touched; the pod and its scratch volume go with the Job.
 */

export const TABLES_LINE = /^nuagedeploy-tables (\d+)$/m;
/** Key of the throwaway server's password in the Job's transfer Secret (backup-job.ts). */
export const TEST_PASSWORD_KEY = 'password';
export const testRestoreJobName = (spec: ApplicationSpec, stamp: string) =>
  `${spec.name}-testrestore-${stamp}`;

/** Waits for the server (two answers a few seconds apart: the images restart it once). */
const WAIT_READY = (probe: string) =>
  `ok=0; i=0; while [ $i -lt 180 ]; do i=$((i+1)); if ${probe} >/dev/null 2>&1; then ok=$((ok+1)); if [ $ok -ge 2 ]; then break; fi; sleep 3; else ok=0; sleep 1; fi; done; if [ $ok -lt 2 ]; then echo "${runtimeBackupTexts.testDatabaseSilent}"; tail -n 5 /tmp/server.log; exit 1; fi`;

const SCRIPTS = {
  mariadb: [
    'set -e',
    // The entrypoint's own client calls run before root has a password: MYSQL_PWD only after.
    'docker-entrypoint.sh mariadbd --skip-networking > /tmp/server.log 2>&1 &',
    'export MYSQL_PWD="$MARIADB_ROOT_PASSWORD"',
    WAIT_READY('mariadb --user=root -e "SELECT 1" "$DB"'),
    'mariadb --user=root "$DB" < "$DUMP"',
    'n=$(mariadb --user=root -N -B -e "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()" "$DB")',
    'echo "nuagedeploy-tables $n"',
  ],
  postgresql: [
    'set -e',
    "docker-entrypoint.sh postgres -c listen_addresses='' > /tmp/server.log 2>&1 &",
    WAIT_READY('psql --username="$POSTGRES_USER" --dbname="$DB" -c "SELECT 1"'),
    'pg_restore --no-owner --exit-on-error --username="$POSTGRES_USER" --dbname="$DB" "$DUMP"',
    'n=$(psql -At --username="$POSTGRES_USER" --dbname="$DB" -c "SELECT count(*) FROM information_schema.tables WHERE table_schema = \'public\'")',
    'echo "nuagedeploy-tables $n"',
  ],
  // Redis has no tables: the keys of the snapshot, loaded by a private server.
  redis: ['RDB="$DUMP"', REDIS_COUNT_SCRIPT, 'echo "nuagedeploy-tables $keys"'],
} as const;

/** The throwaway server's settings (Redis needs none: its private server has no password). */
function serverEnv(db: NonNullable<ApplicationSpec['database']>): EnvVar[] {
  if (db.engine === 'redis') return [];
  return [
    ...(db.engine === 'postgresql' ? [{ name: 'POSTGRES_USER', value: db.user }] : []),
    {
      name: db.engine === 'mariadb' ? 'MARIADB_DATABASE' : 'POSTGRES_DB',
      value: db.databaseName,
    },
  ];
}

export function renderTestRestoreJob(
  spec: ApplicationSpec,
  stamp: string,
  transfer: { sha256: string },
  options: RenderOptions = {},
): JobObject | null {
  const db = spec.database;
  if (!db) return null;
  const name = testRestoreJobName(spec, stamp);
  // The presigned URL from the Job's transfer Secret (backup-job.ts), never in the spec.
  const download = downloadContainer(spec, name, transfer, options, db.security);
  // A throwaway server's password (it listens on no network), never the application's: still a
  // password, so it lives in the Job's transfer Secret (owned by the Job, deleted with it) and
  // the Job's spec only references it.
  const password = fromTransferSecret(
    name,
    { mariadb: 'MARIADB_ROOT_PASSWORD', postgresql: 'POSTGRES_PASSWORD', redis: 'REDIS_PASSWORD' }[
      dumpEngine(db)
    ],
    TEST_PASSWORD_KEY,
  );
  const database: Container = {
    name: 'database',
    image: db.image,
    command: ['sh', '-c', SCRIPTS[dumpEngine(db)].join('\n')],
    env: [
      password,
      ...envVars(spec, [
        ...serverEnv(db),
        { name: 'DB', value: db.databaseName },
        { name: 'DUMP', value: `${WORK_PATH}/${databasePart(dumpEngine(db))}` },
      ]),
    ],
    resources: resources(db.cpuMilli, db.ramMb),
    volumeMounts: [{ name: WORK_VOLUME, mountPath: WORK_PATH }],
    securityContext: containerSecurity(db.security),
  };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: objectMeta(spec, name, 'backup'),
    spec: {
      backoffLimit: 0,
      // No pod before its transfer Secret exists: the driver resumes the Job then.
      suspend: true,
      activeDeadlineSeconds: 2 * 3600,
      ttlSecondsAfterFinished: 24 * 3600,
      template: {
        metadata: { labels: componentLabels(spec, 'backup') },
        spec: {
          ...podDefaults,
          restartPolicy: 'Never',
          securityContext: podSecurity(db.security),
          initContainers: [download],
          containers: [database],
          volumes: [scratch(spec)],
        },
      },
    },
  };
}
