import { planMessages, planOf, type PlanId, type PublicPlan } from '@nuage/shared/plans';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { conflict, forbidden } from '../../lib/errors';

/** Projects an account owns (created, not being deleted): what its plan caps. */
export async function ownedProjects(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.createdBy, userId), isNull(projects.deletingAt)));
  return Number(row?.n ?? 0);
}

/**
 * Locks the account row (two creations at once cannot both take the last place) and refuses,
 * in French, a project beyond what its plan allows. Called inside the creating transaction.
 */
export async function lockAndCheckProjectLimit(tx: Executor, userId: string): Promise<void> {
  const [account] = await tx
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const plan = planOf(account?.plan ?? 'decouverte');
  if (plan.projectLimit === null) return;
  if ((await ownedProjects(tx, userId)) >= plan.projectLimit) {
    throw forbidden(planMessages.projectLimit(plan));
  }
}

/** Moves the account to `planId`; a plan too small for the projects owned is refused. */
export async function changePlan(
  tx: Executor,
  input: { userId: string; planId: PlanId },
): Promise<PublicPlan> {
  const plan = planOf(input.planId);
  const [account] = await tx
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, input.userId))
    .for('update');
  if (account?.plan === plan.id) return plan;
  const owned = await ownedProjects(tx, input.userId);
  if (plan.projectLimit !== null && owned > plan.projectLimit) {
    throw conflict(planMessages.downgradeTooManyProjects(plan, owned));
  }
  await tx
    .update(users)
    .set({ plan: plan.id, planSince: new Date(), updatedAt: new Date() })
    .where(eq(users.id, input.userId));
  return plan;
}
