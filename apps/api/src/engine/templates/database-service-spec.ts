import {
  DATABASE_NAME,
  DATABASE_USER,
  databaseEngines,
  type DatabaseServiceEngine,
} from '@nuage/shared/database-engines';
import { securityReasons } from '@nuage/shared/messages/security-profiles';
import {
  LABELS,
  MANAGED_BY,
  type ApplicationSpec,
  type DatabasePublicEndpoint,
  type DatabaseSpec,
  type EnvVar,
  type SetupJobSpec,
} from '../spec';
import type { ApplicationSecrets } from './applications';
import { databaseProbes } from './databases';
import { databaseSecurity, type SecurityProfile } from './security';
import { publicTargetPort } from '@nuage/shared/database-public';
import { TLS_FILES, tlsCommand } from './database-tls';

/**
 * A database of an environment (issue 25) as the spec its runtime gets: only its `database`
 * component, reached on the environment's network by its service name (the host the user is
 * shown), never through the edge proxy or an Ingress. Its user's password is the sealed
 * `dbPassword`; `dbRootPassword` (never shown) is the superuser's, with which the setup task
 * creates the user and sets its password again after each regeneration (the revision makes
 * both runtimes run it again). Redis has no user: its password is its `requirepass`, so a
 * new one restarts the server with it (data stays in its volume, appendonly).
 */
export interface DatabaseServiceInput {
  deployment: {
    id: string;
    projectId: string;
    environmentId: string;
    runtimeName: string;
    hostLabel: string;
    generation: number;
    cpuMilli: number;
    ramMb: number;
    storageMb: number;
  };
  engine: DatabaseServiceEngine;
  /** The image, with its tag (the operator's version). */
  image: string;
  /** The internal host name: the service name on the environment's network. */
  host: string;
  namespace: string;
  secrets: ApplicationSecrets;
  passwordRevision: number;
  restartRevision: number;
  stopped: boolean;
  /** Its public endpoint (issue 25 item 2), null: internal only. */
  publicEndpoint?: DatabasePublicEndpoint | null;
}

const value = (name: string, v: string): EnvVar => ({ name, value: v });
const secret = (name: string, key: 'db-password' | 'db-root-password'): EnvVar => ({
  name,
  secretKey: key,
});

const dataPaths: Record<DatabaseServiceEngine, { mountPath: string; subPath?: string }> = {
  postgresql: { mountPath: '/var/lib/postgresql/data', subPath: 'pgdata' },
  mariadb: { mountPath: '/var/lib/mysql' },
  redis: { mountPath: '/data' },
};

/** Idempotent: creates the user and its database once, sets the password every run. */
export const POSTGRES_SETUP_SCRIPT = `set -e
i=0
until pg_isready -q; do i=$((i+1)); [ "$i" -lt 120 ] || exit 1; sleep 1; done
psql -v ON_ERROR_STOP=1 -v u="$APP_USER" -v p="$APP_PASSWORD" -v d="$APP_DATABASE" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'u') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'u')\\gexec
ALTER ROLE :"u" WITH LOGIN PASSWORD :'p';
SELECT format('CREATE DATABASE %I OWNER %I', :'d', :'u') WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'d')\\gexec
SQL`;

/** The image created the user at its first start; every run sets its (regenerated) password. */
export const MARIADB_SETUP_SCRIPT = `set -e
i=0
until mariadb-admin ping -h"$DB_HOST" -uroot --password="$MARIADB_ROOT_PASSWORD" --silent; do i=$((i+1)); [ "$i" -lt 120 ] || exit 1; sleep 1; done
printf "CREATE USER IF NOT EXISTS '%s'@'%%' IDENTIFIED BY '%s'; ALTER USER '%s'@'%%' IDENTIFIED BY '%s'; CREATE DATABASE IF NOT EXISTS \\\`%s\\\`; GRANT ALL PRIVILEGES ON \\\`%s\\\`.* TO '%s'@'%%'; FLUSH PRIVILEGES;" "$APP_USER" "$APP_PASSWORD" "$APP_USER" "$APP_PASSWORD" "$APP_DATABASE" "$APP_DATABASE" "$APP_USER" | mariadb -h"$DB_HOST" -uroot --password="$MARIADB_ROOT_PASSWORD"`;

/** Redis reads its password from the command line: the official entrypoint then drops to redis. */
export const REDIS_COMMAND = [
  'sh',
  '-c',
  'exec docker-entrypoint.sh redis-server --appendonly yes --requirepass "$REDIS_PASSWORD"',
];

/** The setup task runs only the engine's client, as nobody. */
export const databaseSetupSecurity: SecurityProfile = {
  capabilities: [],
  runAsUser: 65534,
  runAsGroup: 65534,
  fsGroup: null,
  reason: securityReasons.databaseSetup,
};

function engineEnv(engine: DatabaseServiceEngine): EnvVar[] {
  switch (engine) {
    case 'postgresql':
      return [secret('POSTGRES_PASSWORD', 'db-root-password')];
    case 'mariadb':
      return [
        secret('MARIADB_ROOT_PASSWORD', 'db-root-password'),
        value('MARIADB_DATABASE', DATABASE_NAME),
        value('MARIADB_USER', DATABASE_USER),
        secret('MARIADB_PASSWORD', 'db-password'),
      ];
    case 'redis':
      return [secret('REDIS_PASSWORD', 'db-password')];
  }
}

function setupTask(
  input: DatabaseServiceInput,
  name: string,
): Omit<SetupJobSpec, 'security'> | null {
  const app = [
    value('APP_USER', DATABASE_USER),
    value('APP_DATABASE', DATABASE_NAME),
    secret('APP_PASSWORD', 'db-password'),
    // A literal that changes with each regeneration: both runtimes run the task again.
    value('NUAGE_PASSWORD_REVISION', String(input.passwordRevision)),
  ];
  if (input.engine === 'postgresql')
    return {
      name: `${name}-setup`,
      image: input.image,
      command: ['sh', '-c', POSTGRES_SETUP_SCRIPT],
      env: [
        value('PGHOST', input.host),
        value('PGPORT', String(databaseEngines.postgresql.port)),
        value('PGUSER', 'postgres'),
        value('PGDATABASE', 'postgres'),
        secret('PGPASSWORD', 'db-root-password'),
        ...app,
      ],
    };
  if (input.engine === 'mariadb')
    return {
      name: `${name}-setup`,
      image: input.image,
      command: ['sh', '-c', MARIADB_SETUP_SCRIPT],
      env: [
        value('DB_HOST', input.host),
        secret('MARIADB_ROOT_PASSWORD', 'db-root-password'),
        ...app,
      ],
    };
  return null;
}

export function buildDatabaseServiceSpec(input: DatabaseServiceInput): ApplicationSpec {
  const d = input.deployment;
  const name = d.runtimeName;
  const engine = databaseEngines[input.engine];
  const labels = {
    [LABELS.managedBy]: MANAGED_BY,
    [LABELS.name]: input.engine,
    [LABELS.instance]: name,
    [LABELS.deploymentId]: d.id,
    [LABELS.environmentId]: d.environmentId,
    [LABELS.projectId]: d.projectId,
  };
  const dbName = `${name}-db`;
  const publicEndpoint = input.publicEndpoint ?? null;
  const tls = publicEndpoint ? (input.secrets.databaseTls ?? null) : null;
  const paths = dataPaths[input.engine];
  const database: DatabaseSpec = {
    name: dbName,
    engine: input.engine,
    serviceName: input.host,
    databaseName: input.engine === 'redis' ? '0' : DATABASE_NAME,
    user: input.engine === 'redis' ? '' : DATABASE_USER,
    image: input.image,
    port: engine.port,
    env: [
      ...engineEnv(input.engine),
      // « Redémarrer »: a new value recreates the container (docker) or rolls the pod (Kubernetes).
      ...(input.restartRevision > 0
        ? [value('NUAGE_RESTART_REVISION', String(input.restartRevision))]
        : []),
    ],
    // TLS while the public endpoint is on (its key and certificates made at its activation).
    ...(tls
      ? { command: tlsCommand(input.engine), secretFiles: TLS_FILES }
      : input.engine === 'redis'
        ? { command: REDIS_COMMAND }
        : {}),
    publicEndpoint: publicEndpoint
      ? { ...publicEndpoint, targetPort: publicTargetPort(input.engine) }
      : null,
    cpuMilli: d.cpuMilli,
    ramMb: d.ramMb,
    ...databaseProbes(engine.port),
    security: databaseSecurity[input.engine],
    volume: { claimName: `${dbName}-data`, sizeMb: d.storageMb, ...paths },
    ...(input.stopped ? { stopped: true } : {}),
  };
  // Stopped: no task either (it would wait for a server that does not run).
  const setup = input.stopped ? null : setupTask(input, name);
  return {
    deploymentId: d.id,
    generation: d.generation,
    name,
    hostLabel: d.hostLabel,
    namespace: input.namespace,
    template: 'database',
    labels,
    replicas: 0,
    secretName: `${name}-secrets`,
    secretData: {
      'db-password': input.secrets.dbPassword,
      'db-root-password': input.secrets.dbRootPassword,
      ...(tls ? { 'tls-key': tls.key, 'tls-cert': tls.cert, 'tls-ca': tls.ca } : {}),
    },
    // No application runs: its component only names the objects the runtime skips.
    app: { ...database, name, volume: { ...database.volume, claimName: `${name}-data` } },
    database,
    setup: setup ? { ...setup, security: databaseSetupSecurity } : null,
    service: { name, port: engine.port, targetPort: engine.port },
    ingress: null,
  };
}
