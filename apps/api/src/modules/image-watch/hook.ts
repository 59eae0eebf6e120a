import { imageWatchTexts } from '@nuage/shared/messages/images';
import { requiredRole } from '@nuage/shared/roles';
import type { ImageWatchHook } from '@nuage/shared/schemas/image-deploy';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { hashesEqual, keyedHash, randomToken } from '../../lib/crypto';
import { conflict, FieldValidationError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeDeployment } from '../deployments/access';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';

const hookUrl = (ctx: AppContext, deploymentId: string, token: string) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}/api/v1/webhooks/image/${deploymentId}/${token}`;

/**
 * A new registry webhook URL for an image application (the previous one stops working): its
 * token is in the URL, kept only as a keyed hash, so it is answered this once.
 */
export async function createImageWatchHook(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<ImageWatchHook> {
  const row = await authorizeDeployment(ctx.db, {
    ...input,
    need: requiredRole.manageApplications,
  });
  if (row.desiredState === 'absent') throw conflict(deploymentErrorTexts.deleting);
  if (row.sourceKind !== 'image')
    throw new FieldValidationError([
      { loc: ['path', 'id'], msg: imageWatchTexts.onlyImages, type: 'image_only' },
    ]);
  const token = randomToken();
  await ctx.db
    .update(deployments)
    .set({ imageWatchHookHash: keyedHash(ctx.secrets.hashKey, token), updatedAt: new Date() })
    .where(eq(deployments.id, row.id));
  return { url: hookUrl(ctx, row.id, token) };
}

/**
 * POST /webhooks/image/{id}/{token}: a registry says a version was pushed. Whatever it sends
 * is ignored (every registry words it its own way): the check of the tag falls due now, and
 * what it reads decides, as for the periodic check. An unknown URL is 404 whatever is wrong
 * in it.
 */
export async function receiveImageWatchHook(
  ctx: AppContext,
  input: { deploymentId: string; token: string; wake: () => void },
): Promise<{ message: string }> {
  if (!isUuid(input.deploymentId)) throw notFound(imageWatchTexts.hookUnknown);
  const [row] = await ctx.db
    .select({
      hash: deployments.imageWatchHookHash,
      watch: deployments.imageWatch,
      sourceKind: deployments.sourceKind,
    })
    .from(deployments)
    .where(and(eq(deployments.id, input.deploymentId), eq(deployments.desiredState, 'present')));
  const given = keyedHash(ctx.secrets.hashKey, input.token);
  if (!row?.hash || row.sourceKind !== 'image' || !hashesEqual(row.hash, given))
    throw notFound(imageWatchTexts.hookUnknown);
  if (!row.watch) throw conflict(imageWatchTexts.hookWatchOff);
  await ctx.db
    .update(deployments)
    .set({ imageWatchNextAt: new Date() })
    .where(and(eq(deployments.id, input.deploymentId), eq(deployments.imageWatch, true)));
  input.wake();
  return { message: imageWatchTexts.hookAccepted };
}
