import type { DatabaseEngine } from '@nuage/shared/catalog';
import type { EnvVar, ProbeSpec } from '../spec';

export interface DatabaseProfile {
  image: string;
  port: number;
  dataPath: string;
  /** Where data lives inside the volume (PostgreSQL refuses a non-empty mount root). */
  subPath?: string;
  env(opts: { database: string; user: string }): EnvVar[];
}

export const databaseProfiles: Record<DatabaseEngine, DatabaseProfile> = {
  mariadb: {
    image: 'docker.io/library/mariadb:10.11',
    port: 3306,
    dataPath: '/var/lib/mysql',
    env: ({ database, user }) => [
      { name: 'MARIADB_ROOT_PASSWORD', secretKey: 'db-root-password' },
      { name: 'MARIADB_DATABASE', value: database },
      { name: 'MARIADB_USER', value: user },
      { name: 'MARIADB_PASSWORD', secretKey: 'db-password' },
    ],
  },
  postgresql: {
    image: 'docker.io/library/postgres:15-alpine',
    port: 5432,
    dataPath: '/var/lib/postgresql/data',
    subPath: 'pgdata',
    env: ({ database, user }) => [
      { name: 'POSTGRES_DB', value: database },
      { name: 'POSTGRES_USER', value: user },
      { name: 'POSTGRES_PASSWORD', secretKey: 'db-password' },
    ],
  },
};

export function databaseProbes(port: number): { readiness: ProbeSpec; liveness: ProbeSpec } {
  return {
    readiness: {
      check: { kind: 'tcp', port },
      initialDelaySeconds: 5,
      periodSeconds: 5,
      timeoutSeconds: 3,
      failureThreshold: 30,
    },
    liveness: {
      check: { kind: 'tcp', port },
      initialDelaySeconds: 60,
      periodSeconds: 20,
      timeoutSeconds: 5,
      failureThreshold: 6,
    },
  };
}
