/**
 * The engines a customer can create as a database of an environment (issue 25): their
 * official image, port, connection-string scheme, and the user and database the platform
 * creates in them. Redis has neither a user nor a database name: its password is its
 * `requirepass`.
 */
export const databaseEngineIds = ['postgresql', 'mariadb', 'redis'] as const;
export type DatabaseServiceEngine = (typeof databaseEngineIds)[number];

export interface DatabaseEngineInfo {
  id: DatabaseServiceEngine;
  label: string;
  /** The official image's repository; the version is its tag. */
  repository: string;
  port: number;
  scheme: 'postgres' | 'mysql' | 'redis';
  /** The linked application's variable when the user names none. */
  defaultVariable: 'DATABASE_URL' | 'REDIS_URL';
}

export const databaseEngines: Record<DatabaseServiceEngine, DatabaseEngineInfo> = {
  postgresql: {
    id: 'postgresql',
    label: 'PostgreSQL',
    repository: 'docker.io/library/postgres',
    port: 5432,
    scheme: 'postgres',
    defaultVariable: 'DATABASE_URL',
  },
  mariadb: {
    id: 'mariadb',
    label: 'MariaDB (compatible MySQL)',
    repository: 'docker.io/library/mariadb',
    port: 3306,
    scheme: 'mysql',
    defaultVariable: 'DATABASE_URL',
  },
  redis: {
    id: 'redis',
    label: 'Redis',
    repository: 'docker.io/library/redis',
    port: 6379,
    scheme: 'redis',
    defaultVariable: 'REDIS_URL',
  },
};

export const isDatabaseEngine = (v: string): v is DatabaseServiceEngine =>
  (databaseEngineIds as readonly string[]).includes(v);

/** The user and database a PostgreSQL or MariaDB database is created with (none for Redis). */
export const DATABASE_USER = 'app';
export const DATABASE_NAME = 'app';

/**
 * The connection string of a database: `postgres://app:…@host:5432/app`,
 * `mysql://app:…@host:3306/app`, `redis://default:…@host:6379/0` (Redis 6+'s default user:
 * `redis://:…@` makes some clients, redis-cli 7 included, send an empty user name). `password` is the real one only
 * in the reveal call; every other answer passes a mask.
 */
export function connectionString(opts: {
  engine: DatabaseServiceEngine;
  host: string;
  password: string;
}): string {
  const e = databaseEngines[opts.engine];
  const password = encodeURIComponent(opts.password);
  if (opts.engine === 'redis') return `redis://default:${password}@${opts.host}:${e.port}/0`;
  return `${e.scheme}://${DATABASE_USER}:${password}@${opts.host}:${e.port}/${DATABASE_NAME}`;
}

/** What connection strings show in place of the password outside the reveal call. */
export const PASSWORD_MASK = '********';
