import type { ProjectRole } from '@nuage/shared/roles';
import { databaseTexts } from '@nuage/shared/messages/databases';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeProject } from '../projects/policy';

export type DatabaseRow = typeof deployments.$inferSelect;

/** A database of an environment and the caller's right on it (404 for non-members, 403 below `need`). */
export async function authorizeDatabase(
  db: Executor,
  opts: { databaseId: string; userId: string; need: ProjectRole },
): Promise<DatabaseRow> {
  if (!isUuid(opts.databaseId)) throw notFound(databaseTexts.notFound);
  const [row] = await db
    .select()
    .from(deployments)
    .where(and(eq(deployments.id, opts.databaseId), eq(deployments.category, 'DATABASE')));
  if (!row) throw notFound(databaseTexts.notFound);
  try {
    await authorizeProject(db, { projectId: row.projectId, userId: opts.userId, need: opts.need });
  } catch (err) {
    if ((err as { code?: string }).code === 'not_found') throw notFound(databaseTexts.notFound);
    throw err;
  }
  return row;
}
