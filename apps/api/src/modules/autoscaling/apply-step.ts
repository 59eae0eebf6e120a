import { autoscalingTexts } from '@nuage/shared/messages/autoscaling';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { withEvent } from '../../db/deployment-events';
import { emitForDeployment } from '../../db/notification-events';
import { autoscalingPolicies, type AutoscaleDecision } from '../../db/schema/autoscaling';
import { deployments } from '../../db/schema/deployments';
import { QuotaExceededError } from '../../lib/errors';
import { reservationOf } from '../../lib/reservation';
import { recordAudit } from '../audit/record';
import { checkQuota, lockProject } from '../deployments/quota';
import type { ScaleReason } from './decide';

export const DECISIONS_KEPT = 10;

/** SQL that prepends a decision to the policy's last ones (or to `base`, another such SQL). */
export function withDecision(message: string, at: Date, base?: SQL) {
  const d: AutoscaleDecision = { at: at.toISOString(), message };
  return sql`(jsonb_build_array(${JSON.stringify(d)}::jsonb) || ${base ?? autoscalingPolicies.decisions}) #- '{${sql.raw(String(DECISIONS_KEPT))}}'`;
}

function describe(from: number, to: number, reason: ScaleReason) {
  return reason.kind === 'load'
    ? autoscalingTexts.scaled(from, to, reason.resource, reason.value, reason.target)
    : autoscalingTexts.scaledToBounds(from, to, reason.min, reason.max);
}

export type StepOutcome = 'scaled' | 'blocked' | 'skipped';

/**
 * One automatic step, through the same path as a user changing replicas: under the project lock,
 * the row read again, the quota checked as an edit of the replicas is (quota.ts), then the
 * desired replicas, a new generation and an event on the row, and the reconciler woken; the
 * driver's rolling scale does the rest. A step up the quota refuses is recorded, in French, on
 * the policy, and told once per incident (until a step succeeds or the load falls back).
 */
export async function applyStep(
  ctx: AppContext,
  step: { deploymentId: string; from: number; to: number; reason: ScaleReason; now: Date },
): Promise<StepOutcome> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [app] = await tx
      .select({ projectId: deployments.projectId })
      .from(deployments)
      .where(eq(deployments.id, step.deploymentId));
    if (!app) return { kind: 'skipped' as const };
    const project = await lockProject(tx, app.projectId);
    const [current] = await tx
      .select()
      .from(deployments)
      .where(eq(deployments.id, step.deploymentId));
    // Changed meanwhile (by hand, or deleted): the next period decides again on what is there.
    if (!current || current.desiredState === 'absent' || current.replicas !== step.from) {
      return { kind: 'skipped' as const };
    }
    const next = { ...current, replicas: step.to };
    try {
      await checkQuota(tx, project, {
        requested: reservationOf(next),
        excludeDeploymentId: current.id,
        current: reservationOf(current),
      });
    } catch (err) {
      if (!(err instanceof QuotaExceededError)) throw err;
      const reason = autoscalingTexts.blockedByQuota(err.detail.quota_exceeded.join(' ; '));
      const [before] = await tx
        .select({ blockedSince: autoscalingPolicies.blockedSince })
        .from(autoscalingPolicies)
        .where(eq(autoscalingPolicies.deploymentId, current.id));
      const newIncident = !before?.blockedSince;
      await tx
        .update(autoscalingPolicies)
        .set({
          blockedReason: reason,
          blockedSince: newIncident ? step.now : undefined,
          ...(newIncident ? { decisions: withDecision(reason, step.now) } : {}),
        })
        .where(eq(autoscalingPolicies.deploymentId, current.id));
      return { kind: 'blocked' as const, newIncident, reason, nom: current.nom };
    }
    const message = describe(step.from, step.to, step.reason);
    await tx
      .update(deployments)
      .set({
        replicas: step.to,
        updatedAt: new Date(),
        generation: sql`${deployments.generation} + 1`,
        nextAttemptAt: new Date(),
        attempts: 0,
        events: withEvent(message),
      })
      .where(eq(deployments.id, current.id));
    const up = step.to > step.from;
    await tx
      .update(autoscalingPolicies)
      .set({
        ...(up ? { lastScaleUpAt: step.now } : { lastScaleDownAt: step.now }),
        blockedReason: null,
        blockedSince: null,
        decisions: withDecision(message, step.now),
      })
      .where(eq(autoscalingPolicies.deploymentId, current.id));
    // The platform acted on its own: no actor.
    await recordAudit(
      tx,
      {
        projectId: current.projectId,
        action: 'deployment.autoscale',
        target: { type: 'deployment', id: current.id, name: current.nom },
        details: { de: step.from, a: step.to, raison: message },
      },
      null,
    );
    return { kind: 'scaled' as const };
  });
  if (outcome.kind === 'scaled') ctx.engine.wake();
  if (outcome.kind === 'blocked' && outcome.newIncident) {
    await emitForDeployment(ctx.db, ctx.log, step.deploymentId, {
      type: 'autoscale.blocked',
      params: { raison: outcome.reason, instances: step.from },
    });
  }
  return outcome.kind;
}

/** The load fell back (or the bounds changed): a standing quota block is over. */
export async function clearBlock(ctx: AppContext, deploymentId: string) {
  await ctx.db
    .update(autoscalingPolicies)
    .set({ blockedReason: null, blockedSince: null })
    .where(eq(autoscalingPolicies.deploymentId, deploymentId));
}
