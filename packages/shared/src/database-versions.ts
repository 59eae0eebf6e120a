import type { DatabaseServiceEngine } from './database-engines';

/**
 * Version upgrades of a database within its major (issue 25 item 4): the data directory of
 * PostgreSQL 16.2 is 16.4's, MariaDB 10.11.6's is 10.11.9's, Redis 7.0's RDB/AOF is 7.2's, so
 * the new image starts on the same volume. Across majors it is not (PostgreSQL needs
 * pg_upgrade or a dump and load): that is a new database and a restore, never offered here.
 * A version is an image tag: `16` follows the newest 16.x, so it ranks above every `16.x`.
 */

/** How many dotted parts name the major: MariaDB's are two (10.11, 11.4). */
const MAJOR_PARTS: Record<DatabaseServiceEngine, number> = {
  postgresql: 1,
  mariadb: 2,
  redis: 1,
};

const partsOf = (version: string) => version.split(/[.-]/);

export function majorOf(engine: DatabaseServiceEngine, version: string): string {
  return partsOf(version).slice(0, MAJOR_PARTS[engine]).join('.');
}

/** < 0 when `a` is older than `b`; a tag that stops earlier (a floating one) is the newer. */
export function compareVersions(a: string, b: string): number {
  const x = partsOf(a);
  const y = partsOf(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [Number(x[i]), Number(y[i])];
    const order = Number.isFinite(p) && Number.isFinite(q) ? p - q : x[i]!.localeCompare(y[i]!);
    if (order !== 0) return order;
  }
  return y.length - x.length;
}

/** The offered versions a database on `current` can move to: same major, newer, newest first. */
export function upgradesOf(
  engine: DatabaseServiceEngine,
  current: string,
  offered: readonly string[],
): string[] {
  const major = majorOf(engine, current);
  return offered
    .filter((v) => majorOf(engine, v) === major && compareVersions(v, current) > 0)
    .sort((a, b) => compareVersions(b, a));
}
