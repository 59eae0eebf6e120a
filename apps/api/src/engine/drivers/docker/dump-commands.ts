import type { DatabaseSpec, SecretKey } from '../../spec';

/**
 * The commands that dump, load and inspect an application's database inside its container
 * (Redis's load is redis-restore.ts: it replaces the server's files, not run in the server).
 * Names and passwords travel as environment variables read by the shell ("$DB"), never
 * spliced into the command text, so nothing the user chose can change what runs.
 */
export interface DbCommand {
  cmd: string[];
  env: string[];
}

type Secrets = Partial<Record<SecretKey, string>>;

function mariadbEnv(db: DatabaseSpec, secrets: Secrets): string[] {
  return [`DB=${db.databaseName}`, `MYSQL_PWD=${secrets['db-root-password'] ?? ''}`];
}

/** redis-cli reads its password from REDISCLI_AUTH: never on a command line. */
function redisEnv(secrets: Secrets): string[] {
  return [`REDISCLI_AUTH=${secrets['db-password'] ?? ''}`];
}

function postgresEnv(db: DatabaseSpec, secrets: Secrets): string[] {
  return [
    `DB=${db.databaseName}`,
    `DBUSER=${db.user}`,
    `PGPASSWORD=${secrets['db-password'] ?? ''}`,
  ];
}

/** A consistent dump on stdout: one transaction (InnoDB) / pg_dump's snapshot, custom format. */
export function dumpCommand(db: DatabaseSpec, secrets: Secrets): DbCommand {
  // Redis: the RDB snapshot the server makes for a replica, through a file: `--rdb -` would
  // leave the transfer's 40-byte end marker after the snapshot (a file is truncated).
  if (db.engine === 'redis') {
    return {
      cmd: [
        'sh',
        '-c',
        'set -e; f=$(mktemp); trap \'rm -f "$f"\' EXIT; redis-cli --no-auth-warning --rdb "$f" >&2; cat "$f"',
      ],
      env: redisEnv(secrets),
    };
  }
  if (db.engine === 'mariadb') {
    return {
      cmd: [
        'sh',
        '-c',
        'exec mariadb-dump --user=root --single-transaction --routines --triggers --events "$DB"',
      ],
      env: mariadbEnv(db, secrets),
    };
  }
  return {
    cmd: ['sh', '-c', 'exec pg_dump -Fc --no-owner --username="$DBUSER" --dbname="$DB"'],
    env: postgresEnv(db, secrets),
  };
}

/**
 * Replaces the database with the dump at `file`: emptied first, so tables created since the
 * backup do not survive the restore.
 */
export function loadCommand(db: DatabaseSpec, secrets: Secrets, file: string): DbCommand {
  if (db.engine === 'mariadb') {
    return {
      cmd: [
        'sh',
        '-c',
        'set -e; Q=$(printf "%s" "$DB" | sed "s/\\`/\\`\\`/g"); ' +
          'mariadb --user=root -e "DROP DATABASE IF EXISTS \\`$Q\\`; CREATE DATABASE \\`$Q\\`"; ' +
          'mariadb --user=root "$DB" < "$DUMP"; rm -f "$DUMP"',
      ],
      env: [...mariadbEnv(db, secrets), `DUMP=${file}`],
    };
  }
  return {
    cmd: [
      'sh',
      '-c',
      'set -e; psql -v ON_ERROR_STOP=1 --quiet --username="$DBUSER" --dbname="$DB" ' +
        '-c "DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;"; ' +
        'pg_restore --no-owner --exit-on-error --username="$DBUSER" --dbname="$DB" "$DUMP"; rm -f "$DUMP"',
    ],
    env: [...postgresEnv(db, secrets), `DUMP=${file}`],
  };
}

/** Prints the number of tables of the application's database. */
export function countTablesCommand(db: DatabaseSpec, secrets: Secrets): DbCommand {
  // Redis has no tables: its keys.
  if (db.engine === 'redis') {
    return { cmd: ['redis-cli', '--no-auth-warning', 'DBSIZE'], env: redisEnv(secrets) };
  }
  if (db.engine === 'mariadb') {
    return {
      cmd: [
        'sh',
        '-c',
        'mariadb --user=root -N -B -e "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()" "$DB"',
      ],
      env: mariadbEnv(db, secrets),
    };
  }
  return {
    cmd: [
      'sh',
      '-c',
      'psql -At --username="$DBUSER" --dbname="$DB" -c "SELECT count(*) FROM information_schema.tables WHERE table_schema = \'public\'"',
    ],
    env: postgresEnv(db, secrets),
  };
}

/** Exits 0 once the server accepts connections. */
export function readyCommand(db: DatabaseSpec, secrets: Secrets): DbCommand {
  if (db.engine === 'redis') {
    return {
      cmd: ['sh', '-c', '[ "$(redis-cli --no-auth-warning PING)" = PONG ]'],
      env: redisEnv(secrets),
    };
  }
  if (db.engine === 'mariadb') {
    return {
      cmd: ['sh', '-c', 'mariadb --user=root -e "SELECT 1" "$DB"'],
      env: mariadbEnv(db, secrets),
    };
  }
  return {
    cmd: ['sh', '-c', 'psql --username="$DBUSER" --dbname="$DB" -c "SELECT 1"'],
    env: postgresEnv(db, secrets),
  };
}
