import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { environments } from '../../db/schema/environments';
import { previews } from '../../db/schema/previews';
import { markEnvironmentsForDeletion } from '../environments/service';

/**
 * The application is being deleted: its previews' environments go with it, at once (their rows
 * would otherwise go with the application's and leave the environments behind).
 */
export async function deletePreviewsOf(db: Executor, sourceDeploymentId: string): Promise<void> {
  const rows = await db
    .select({ environmentId: previews.environmentId })
    .from(previews)
    .where(
      and(eq(previews.sourceDeploymentId, sourceDeploymentId), isNotNull(previews.environmentId)),
    );
  const ids = rows.map((r) => r.environmentId!);
  if (ids.length > 0) await markEnvironmentsForDeletion(db, inArray(environments.id, ids));
  await db.delete(previews).where(eq(previews.sourceDeploymentId, sourceDeploymentId));
}
