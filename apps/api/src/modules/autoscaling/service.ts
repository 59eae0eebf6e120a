import type { AutoscalingSettingsInput } from '@nuage/shared/schemas/autoscaling';
import type { Autoscaling } from '@nuage/shared/schemas/responses/autoscaling';
import { autoscalingLimits } from '@nuage/shared/schemas/autoscaling';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';
import { requiredRole } from '@nuage/shared/roles';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { autoscalingPolicies } from '../../db/schema/autoscaling';
import { deployments } from '../../db/schema/deployments';
import { conflict } from '../../lib/errors';
import { authorizeDeployment } from '../deployments/access';
import { composeTexts } from '@nuage/shared/messages/compose';

type Policy = typeof autoscalingPolicies.$inferSelect;
type Row = typeof deployments.$inferSelect;

const runtimeOf = (ctx: AppContext, row: Row) => row.runtime ?? ctx.engine.runtime;

function present(ctx: AppContext, row: Row, policy: Policy | undefined): Autoscaling {
  const runtime = runtimeOf(ctx, row);
  const kubernetes = runtime === 'kubernetes';
  return {
    active: policy?.enabled ?? false,
    min_instances: policy?.minReplicas ?? row.replicas,
    max_instances: policy?.maxReplicas ?? Math.max(row.replicas, 3),
    cible_cpu: policy?.cpuTargetPercent ?? autoscalingLimits.cpuTarget.default,
    cible_memoire: policy?.memoryTargetPercent ?? null,
    instances: row.replicas,
    mode: kubernetes ? 'kubernetes' : 'plateforme',
    simule: runtime === 'simulation',
    blocage: policy?.enabled ? (policy.blockedReason ?? null) : null,
    hpa:
      kubernetes && policy?.hpaCurrent != null && policy.hpaDesired != null
        ? { actuelles: policy.hpaCurrent, souhaitees: policy.hpaDesired }
        : null,
    decisions: (policy?.decisions ?? []).map((d) => ({ date: d.at, message: d.message })),
  };
}

async function policyOf(ctx: AppContext, deploymentId: string) {
  const [policy] = await ctx.db
    .select()
    .from(autoscalingPolicies)
    .where(eq(autoscalingPolicies.deploymentId, deploymentId));
  return policy;
}

/** GET /deployments/{id}/autoscaling: every member reads it. */
export async function getAutoscaling(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<Autoscaling> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: requiredRole.view });
  return present(ctx, row, await policyOf(ctx, row.id));
}

/**
 * PUT /deployments/{id}/autoscaling (developers and admins). Docker and simulation: the loop
 * decides from its next period on. Kubernetes: the HPA is part of the application's objects, so
 * the change bumps the generation and the reconciler applies (or removes) it.
 */
export async function updateAutoscaling(
  ctx: AppContext,
  input: { deploymentId: string; userId: string; settings: AutoscalingSettingsInput },
): Promise<Autoscaling> {
  const authorized = await authorizeDeployment(ctx.db, {
    ...input,
    need: requiredRole.manageApplications,
  });
  if (authorized.desiredState === 'absent') throw conflict(deploymentErrorTexts.deleting);
  if (authorized.sourceKind === 'compose' && input.settings.active) {
    throw conflict(composeTexts.autoscalingNotYet);
  }
  const s = input.settings;
  const values = {
    enabled: s.active,
    minReplicas: s.min_instances,
    maxReplicas: s.max_instances,
    cpuTargetPercent: s.cible_cpu,
    memoryTargetPercent: s.cible_memoire,
    nextDecisionAt: new Date(),
    updatedAt: new Date(),
    // A new setting starts a new story: no stale « bloquée » from before.
    blockedReason: null,
    blockedSince: null,
  };
  const kubernetes = runtimeOf(ctx, authorized) === 'kubernetes';
  const { row, policy } = await ctx.db.transaction(async (tx) => {
    const [policy] = await tx
      .insert(autoscalingPolicies)
      .values({ deploymentId: authorized.id, ...values })
      .onConflictDoUpdate({ target: autoscalingPolicies.deploymentId, set: values })
      .returning();
    const [row] = kubernetes
      ? await tx
          .update(deployments)
          .set({
            generation: sql`${deployments.generation} + 1`,
            nextAttemptAt: new Date(),
            attempts: 0,
            updatedAt: new Date(),
          })
          .where(eq(deployments.id, authorized.id))
          .returning()
      : [authorized];
    return { row: row!, policy: policy! };
  });
  if (kubernetes) ctx.engine.wake();
  return present(ctx, row, policy);
}
