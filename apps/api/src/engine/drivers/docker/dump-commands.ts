import type { DatabaseSpec, SecretKey } from '../../spec';

/**
 * The commands that dump, load and inspect an application's database inside its container.
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

function postgresEnv(db: DatabaseSpec, secrets: Secrets): string[] {
  return [
    `DB=${db.databaseName}`,
    `DBUSER=${db.user}`,
    `PGPASSWORD=${secrets['db-password'] ?? ''}`,
  ];
}

/** A consistent dump on stdout: one transaction (InnoDB) / pg_dump's snapshot, custom format. */
export function dumpCommand(db: DatabaseSpec, secrets: Secrets): DbCommand {
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
