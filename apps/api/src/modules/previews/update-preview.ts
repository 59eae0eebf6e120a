import { previewEventTexts, previewIgnoredTexts } from '@nuage/shared/messages/previews';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { builds } from '../../db/schema/builds';
import type { deployments } from '../../db/schema/deployments';
import { lockLiveApplication, queueBuildIn } from '../builds/application-builds';
import type { PreviewOutcome, PreviewRow } from './preview-state';

type DeploymentRow = typeof deployments.$inferSelect;

/**
 * New commits on a request that has its preview: the head commit built in the preview's
 * application (one build per commit: a redelivery or a title edit builds nothing), serving
 * when healthy as any release (the previous one stays until then).
 */
export async function updatePreviewHead(
  ctx: AppContext,
  input: { source: DeploymentRow; preview: PreviewRow },
): Promise<PreviewOutcome> {
  const { preview } = input;
  const queued = await ctx.db.transaction(async (tx) => {
    const app = await lockLiveApplication(tx, preview.deploymentId!);
    const [built] = await tx
      .select({ id: builds.id })
      .from(builds)
      .where(
        and(
          eq(builds.deploymentId, app.id),
          eq(builds.commitSha, preview.headSha),
          inArray(builds.status, ['queued', 'running', 'success']),
        ),
      )
      .limit(1);
    if (built) return null;
    return queueBuildIn(tx, ctx, app, 'webhook', {
      sha: preview.headSha,
      message: preview.title,
    });
  });
  if (!queued)
    return {
      apercu_id: preview.id,
      build_id: null,
      detail: previewIgnoredTexts.notHead(preview.number, preview.headSha),
    };
  ctx.builds.wake();
  return {
    apercu_id: preview.id,
    build_id: queued.id,
    detail: previewEventTexts.updated(preview.number, preview.headSha),
  };
}
