import { readMigrationFiles } from 'drizzle-orm/migrator';
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedPostgresError } from '../embedded/binaries';

/** A row of drizzle's bookkeeping table: which migration a database has had. */
export interface AppliedMigration {
  hash: string;
  created_at: string | number;
}

interface Journal {
  entries: { when: number; tag: string }[];
}

/**
 * How many of this version's migrations a database has had: its bookkeeping must be exactly
 * their beginning. A migration this version does not know means the data was written by a newer
 * version, whose tables this one would copy only in part: refused.
 */
export function migrationLevel(
  applied: AppliedMigration[],
  folder: string,
  source: string,
): number {
  const ours = readMigrationFiles({ migrationsFolder: folder });
  const sorted = [...applied].sort((a, b) => Number(a.created_at) - Number(b.created_at));
  sorted.forEach((row, i) => {
    const known = ours[i];
    if (!known || known.folderMillis !== Number(row.created_at) || known.hash !== row.hash) {
      throw new EmbeddedPostgresError(
        `${source} was written by another version of NuageDeploy (migration ${row.created_at} is not one of this version's): start the version that wrote it, or import it with that version first.`,
      );
    }
  });
  return sorted.length;
}

/** A copy of the migrations folder with only the first `level` migrations in its journal. */
export async function migrationsUpTo(folder: string, level: number): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const partial = await mkdtemp(path.join(os.tmpdir(), 'nuage-migrations-'));
  await mkdir(path.join(partial, 'meta'));
  const entries = journal.entries.slice(0, level);
  await writeFile(
    path.join(partial, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const { tag } of entries) {
    await copyFile(path.join(folder, `${tag}.sql`), path.join(partial, `${tag}.sql`));
  }
  return partial;
}
