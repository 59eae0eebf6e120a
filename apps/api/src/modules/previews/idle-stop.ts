import { previewEventTexts } from '@nuage/shared/messages/previews';
import { and, eq, gt, max } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { noteEvent } from '../../db/deployment-events';
import { environments } from '../../db/schema/environments';
import { previews } from '../../db/schema/previews';
import { trafficSamples } from '../../db/schema/traffic';
import { markEnvironmentsForDeletion } from '../environments/service';
import type { PreviewRow } from './preview-state';
import { settingsOf, type PreviewSettingsRow } from './settings-store';

const HOUR_MS = 3600_000;

/** When a preview active at `at` is looked at for idleness (null: the application never stops them). */
export const idleCheckFrom = (settings: PreviewSettingsRow, at: Date): Date | null =>
  settings.idleStopHours ? new Date(at.getTime() + settings.idleStopHours * HOUR_MS) : null;

/**
 * A preview due for its idleness check: stopped when neither a request (the edge's traffic,
 * modules/traffic-metrics) nor an event of its pull request came for the settings' hours,
 * else looked at again that long after its last activity. Stopping deletes its environment
 * (the application, its databases and their data) and frees its quota; the request stays
 * followed, and a push or « Relancer » makes it again from its head commit.
 */
export async function checkIdle(ctx: AppContext, row: PreviewRow, now: Date): Promise<void> {
  const settings = await settingsOf(ctx.db, row.sourceDeploymentId);
  const hours = settings.idleStopHours;
  if (!hours || !row.deploymentId || !row.environmentId || row.state !== 'open') {
    await ctx.db.update(previews).set({ idleCheckAt: null }).where(eq(previews.id, row.id));
    return;
  }
  const [traffic] = await ctx.db
    .select({ at: max(trafficSamples.at) })
    .from(trafficSamples)
    .where(and(eq(trafficSamples.deploymentId, row.deploymentId), gt(trafficSamples.requests, 0)));
  const lastActivity = Math.max(traffic?.at?.getTime() ?? 0, row.updatedAt.getTime());
  if (now.getTime() - lastActivity < hours * HOUR_MS) {
    await ctx.db
      .update(previews)
      .set({ idleCheckAt: new Date(lastActivity + hours * HOUR_MS) })
      .where(eq(previews.id, row.id));
    return;
  }
  const message = previewEventTexts.stoppedIdle(row.number, hours);
  await ctx.db.transaction(async (tx) => {
    await markEnvironmentsForDeletion(tx, eq(environments.id, row.environmentId!));
    await tx
      .update(previews)
      .set({
        state: 'stopped',
        message,
        environmentId: null,
        deploymentId: null,
        idleCheckAt: null,
        reportDueAt: now,
        updatedAt: now,
      })
      .where(eq(previews.id, row.id));
    await noteEvent(tx, row.sourceDeploymentId, message);
  });
  ctx.log.info({ previewId: row.id, hours }, 'idle preview stopped');
  ctx.engine.wake();
}
