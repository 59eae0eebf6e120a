import type { DatabaseServiceEngine } from '@nuage/shared/database-engines';
import { REDIS_TLS_PORT } from '@nuage/shared/database-public';
import type { SecretKey } from '../spec';

/**
 * TLS of a database whose public endpoint is on (issue 25 item 2). The key and certificates
 * are secret files (docker: written into the container, secret-files.ts; Kubernetes: the
 * Secret's keys mounted by subPath), read-only and owned by root, where no engine accepts its
 * key: PostgreSQL refuses a key not owned by its user or readable by others, and the servers
 * run as their own user after the entrypoint. So the container's command (root, with CHOWN as
 * the entrypoints already need) copies them to a private directory owned by the server's user,
 * then runs the image's entrypoint with the engine's TLS options:
 *
 * - PostgreSQL: `ssl=on` with the certificate; clients choose (`sslmode=require`/`verify-ca`);
 *   the internal side keeps working without TLS;
 * - MariaDB: `--ssl-cert`/`--ssl-key` (clients `--ssl`, `ssl-mode=REQUIRED`).
 *   `require_secure_transport` is global in MariaDB, not per listener: it would cut the linked
 *   applications that connect inside the environment without TLS, so it is not set;
 * - Redis 7: a second listener, `--tls-port 6380`, and the public endpoint goes there only, so
 *   the public side speaks TLS and nothing else (`--tls-auth-clients no`: the password
 *   authenticates clients, no client certificates).
 */

const DIR_IN = '/etc/nuage-tls';
const DIR = '/tmp/nuage-tls';

export const TLS_FILES: { secretKey: SecretKey; mountPath: string }[] = [
  { secretKey: 'tls-cert', mountPath: `${DIR_IN}/tls.crt` },
  { secretKey: 'tls-key', mountPath: `${DIR_IN}/tls.key` },
  { secretKey: 'tls-ca', mountPath: `${DIR_IN}/ca.crt` },
];

const owner: Record<DatabaseServiceEngine, string> = {
  postgresql: 'postgres:postgres',
  mariadb: 'mysql:mysql',
  redis: 'redis:redis',
};

const server: Record<DatabaseServiceEngine, string> = {
  postgresql: `docker-entrypoint.sh postgres -c ssl=on -c ssl_cert_file=${DIR}/tls.crt -c ssl_key_file=${DIR}/tls.key`,
  mariadb: `docker-entrypoint.sh mariadbd --ssl-cert=${DIR}/tls.crt --ssl-key=${DIR}/tls.key --ssl-ca=${DIR}/ca.crt`,
  redis: `docker-entrypoint.sh redis-server --appendonly yes --requirepass "$REDIS_PASSWORD" --tls-port ${REDIS_TLS_PORT} --tls-cert-file ${DIR}/tls.crt --tls-key-file ${DIR}/tls.key --tls-ca-cert-file ${DIR}/ca.crt --tls-auth-clients no`,
};

export function tlsCommand(engine: DatabaseServiceEngine): string[] {
  const script = [
    'set -e',
    `mkdir -p ${DIR}`,
    `cp ${DIR_IN}/tls.crt ${DIR_IN}/tls.key ${DIR_IN}/ca.crt ${DIR}/`,
    `chown -R ${owner[engine]} ${DIR}`,
    `chmod 0700 ${DIR}`,
    `chmod 0600 ${DIR}/tls.key`,
    `exec ${server[engine]}`,
  ].join('\n');
  return ['sh', '-c', script];
}
