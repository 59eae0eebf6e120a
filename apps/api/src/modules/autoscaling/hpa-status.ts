import { quotaShortfallsText } from '@nuage/shared/cluster-messages';
import { autoscalingTexts } from '@nuage/shared/messages/autoscaling';
import { eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { emitForDeployment } from '../../db/notification-events';
import { autoscalingPolicies } from '../../db/schema/autoscaling';
import { deployments } from '../../db/schema/deployments';
import { applicationRefOf } from '../../engine/specs/refs';
import { withDecision } from './apply-step';

export type HpaOutcome = 'read' | 'blocked' | 'none';

/**
 * Kubernetes (issue 28 item 5): the HPA scales, the platform reads it back once per period. Its
 * current and desired replicas go on the policy (the card shows them), a change of the count it
 * wants goes in the last decisions, and while the namespace's quota refuses the pods it asked
 * for, the policy keeps the docker loop's own French reason and the same `autoscale.blocked`
 * notification goes out once for the incident (apply-step.ts). The incident ends when the pods
 * are created or the HPA no longer wants them.
 */
export async function readHpaStatus(
  ctx: AppContext,
  deploymentId: string,
  now: Date,
): Promise<HpaOutcome> {
  const driver = ctx.engine.driver;
  if (!driver.autoscalerStatus) return 'none';
  const [row] = await ctx.db.select().from(deployments).where(eq(deployments.id, deploymentId));
  if (!row) return 'none';
  const status = await driver.autoscalerStatus(await applicationRefOf(ctx.db, row));
  const blocked =
    status?.quotaShortfalls && status.desiredReplicas > status.currentReplicas
      ? autoscalingTexts.blockedByQuota(quotaShortfallsText(status.quotaShortfalls))
      : null;
  const newIncident = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(autoscalingPolicies)
      .where(eq(autoscalingPolicies.deploymentId, deploymentId))
      .for('update');
    if (!before) return false;
    const fresh = blocked !== null && !before.blockedSince;
    const moved =
      status !== null &&
      before.hpaDesired !== null &&
      before.hpaDesired !== status.desiredReplicas &&
      autoscalingTexts.hpaScaled(before.hpaDesired, status.desiredReplicas);
    let decisions: SQL | undefined;
    if (moved) decisions = withDecision(moved, now);
    if (fresh) decisions = withDecision(blocked, now, decisions);
    await tx
      .update(autoscalingPolicies)
      .set({
        hpaCurrent: status?.currentReplicas ?? null,
        hpaDesired: status?.desiredReplicas ?? null,
        blockedReason: blocked,
        blockedSince: blocked ? (before.blockedSince ?? now) : null,
        ...(decisions ? { decisions } : {}),
      })
      .where(eq(autoscalingPolicies.deploymentId, deploymentId));
    return fresh;
  });
  if (newIncident && blocked && status) {
    await emitForDeployment(ctx.db, ctx.log, deploymentId, {
      type: 'autoscale.blocked',
      params: { raison: blocked, instances: status.currentReplicas },
    });
  }
  return blocked ? 'blocked' : status ? 'read' : 'none';
}
