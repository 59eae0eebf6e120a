import type { ProjectRole } from '@nuage/shared/roles';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeProject } from '../projects/policy';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';

export const DEPLOYMENT_NOT_FOUND = deploymentErrorTexts.notFound;

/** The application and the caller's right on it (404 for non-members, 403 below `need`). */
export async function authorizeDeployment(
  db: Executor,
  opts: { deploymentId: string; userId: string; need: ProjectRole },
) {
  if (!isUuid(opts.deploymentId)) throw notFound(DEPLOYMENT_NOT_FOUND);
  const [row] = await db.select().from(deployments).where(eq(deployments.id, opts.deploymentId));
  if (!row) throw notFound(DEPLOYMENT_NOT_FOUND);
  try {
    await authorizeProject(db, { projectId: row.projectId, userId: opts.userId, need: opts.need });
  } catch (err) {
    if ((err as { code?: string }).code === 'not_found') throw notFound(DEPLOYMENT_NOT_FOUND);
    throw err;
  }
  return row;
}
