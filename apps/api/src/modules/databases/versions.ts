import {
  databaseEngineIds,
  isDatabaseEngine,
  type DatabaseServiceEngine,
} from '@nuage/shared/database-engines';

/** The versions offered per engine (DATABASE_VERSIONS), each engine's default first. */
export type DatabaseVersions = Record<DatabaseServiceEngine, string[]>;

export const DEFAULT_DATABASE_VERSIONS: DatabaseVersions = {
  postgresql: ['16'],
  mariadb: ['10.11'],
  redis: ['7'],
};

/** `postgresql:16,postgresql:15,mariadb:10.11` → the lists; an engine not named offers nothing. */
export function parseDatabaseVersions(text: string): DatabaseVersions {
  const out = Object.fromEntries(
    databaseEngineIds.map((e) => [e, [] as string[]]),
  ) as DatabaseVersions;
  for (const pair of text.split(',')) {
    const [engine = '', version = ''] = pair.trim().split(':');
    if (isDatabaseEngine(engine) && version && !out[engine].includes(version))
      out[engine].push(version);
  }
  return out;
}
