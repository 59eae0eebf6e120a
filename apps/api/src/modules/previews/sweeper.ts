import { previewEventTexts } from '@nuage/shared/messages/previews';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { noteEvent } from '../../db/deployment-events';
import { environments } from '../../db/schema/environments';
import { previews } from '../../db/schema/previews';
import { markEnvironmentsForDeletion } from '../environments/service';
import type { PreviewRow } from './preview-state';

/** A deleted preview's row waits this long for its last report before it goes. */
const RECHECK_MS = 10_000;

/**
 * A closed request's preview, once its delay is over: its environment (the application, its
 * containers or pods, network, volumes and namespace) handed to the engine for deletion, then,
 * after the host was told, its row. Reopened meanwhile, the request finds no preview and gets
 * a new one.
 */
export async function sweepPreview(ctx: AppContext, row: PreviewRow, now: Date): Promise<void> {
  if (row.environmentId) {
    await ctx.db.transaction(async (tx) => {
      await markEnvironmentsForDeletion(tx, eq(environments.id, row.environmentId!));
      await tx
        .update(previews)
        .set({ environmentId: null, deploymentId: null, deleteAt: now, updatedAt: now })
        .where(eq(previews.id, row.id));
      await noteEvent(tx, row.sourceDeploymentId, previewEventTexts.deleted(row.number));
    });
    ctx.log.info({ previewId: row.id, environmentId: row.environmentId }, 'preview deleted');
    ctx.engine.wake();
    return;
  }
  if (row.reportDueAt !== null) {
    await ctx.db
      .update(previews)
      .set({ deleteAt: new Date(now.getTime() + RECHECK_MS) })
      .where(eq(previews.id, row.id));
    return;
  }
  await ctx.db.delete(previews).where(eq(previews.id, row.id));
}
