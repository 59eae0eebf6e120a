import { imageWatchTexts } from '@nuage/shared/messages/images';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';
import { requiredRole } from '@nuage/shared/roles';
import type { DeploymentDetailBase } from '@nuage/shared/schemas/responses/deployments';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withEvent } from '../../db/deployment-events';
import { deployments } from '../../db/schema/deployments';
import { conflict, FieldValidationError, notFound } from '../../lib/errors';
import { authorizeDeployment, DEPLOYMENT_NOT_FOUND } from '../deployments/access';
import { presentDeploymentDetail } from '../deployments/presenter';

/**
 * « Redéployer à chaque nouvelle version » on or off, for an image application. On: the first
 * check is due at once (its digest is the baseline). Off: no more checks; the application keeps
 * the version it runs.
 */
export async function setImageWatch(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; enabled: boolean },
): Promise<DeploymentDetailBase> {
  const row = await authorizeDeployment(ctx.db, {
    deploymentId: input.deploymentId,
    userId: input.userId,
    need: requiredRole.manageApplications,
  });
  if (row.desiredState === 'absent') throw conflict(deploymentErrorTexts.deleting);
  if (row.sourceKind !== 'image')
    throw new FieldValidationError([
      { loc: ['body', 'redeploiement_auto'], msg: imageWatchTexts.onlyImages, type: 'image_only' },
    ]);
  if (row.imageWatch === input.enabled) return presentDeploymentDetail(row);
  const [updated] = await ctx.db
    .update(deployments)
    .set({
      imageWatch: input.enabled,
      imageWatchNextAt: input.enabled ? new Date() : null,
      imageWatchFailures: 0,
      imageWatchError: null,
      // Off, what the application runs is no longer followed: the next « on » reads it afresh.
      imageWatchDigest: null,
      imageWatchCheckedAt: input.enabled ? row.imageWatchCheckedAt : null,
      updatedAt: new Date(),
      events: withEvent(input.enabled ? imageWatchTexts.turnedOn : imageWatchTexts.turnedOff),
    })
    .where(and(eq(deployments.id, row.id), eq(deployments.desiredState, 'present')))
    .returning();
  if (!updated) throw notFound(DEPLOYMENT_NOT_FOUND);
  return presentDeploymentDetail(updated);
}
