import {
  DATABASE_NAME,
  DATABASE_USER,
  databaseEngines,
  type DatabaseServiceEngine,
} from './database-engines';

/**
 * A database's public connection string (issue 25 item 2): the public host and port, TLS
 * asked for. PostgreSQL `sslmode=require` (verify-ca needs the CA file on the client: shown
 * beside), MariaDB `ssl-mode=REQUIRED`, Redis `rediss://` (its public port serves TLS only).
 */
export function publicConnectionString(opts: {
  engine: DatabaseServiceEngine;
  host: string;
  port: number;
  password: string;
}): string {
  const password = encodeURIComponent(opts.password);
  const at = `${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${opts.port}`;
  switch (opts.engine) {
    case 'redis':
      return `rediss://default:${password}@${at}/0`;
    case 'mariadb':
      return `mysql://${DATABASE_USER}:${password}@${at}/${DATABASE_NAME}?ssl-mode=REQUIRED`;
    case 'postgresql':
      return `${databaseEngines.postgresql.scheme}://${DATABASE_USER}:${password}@${at}/${DATABASE_NAME}?sslmode=require`;
  }
}

/**
 * The port the public endpoint reaches inside the container: the engine's own, but Redis's
 * TLS port (`--tls-port`), so that its public side speaks TLS only.
 */
export const REDIS_TLS_PORT = 6380;
export const publicTargetPort = (engine: DatabaseServiceEngine) =>
  engine === 'redis' ? REDIS_TLS_PORT : databaseEngines[engine].port;
