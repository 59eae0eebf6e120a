import type { Bill } from '@nuage/shared/billing-types';
import { planOf } from '@nuage/shared/plans';
import { priceResources, toXof } from '@nuage/shared/pricing';
import { fromMilli } from '@nuage/shared/quantities';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { ownedProjects } from './account-plan';

const clean = (v: number) => Math.round(v * 1e9) / 1e9;

function monthOf(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, length: end.getTime() - start.getTime() };
}

/**
 * The bill of the month, from the projects the account owns (it pays for them; members do
 * not). Each application counts from when it was created in the month, at its current
 * resources; the plan is a subscription, counted whole. Applications deleted earlier in the
 * month are not counted (no usage ledger yet): the figure is an estimate and says so.
 */
export async function billOf(
  ctx: AppContext,
  input: { userId: string; now?: Date },
): Promise<Bill> {
  const now = input.now ?? new Date();
  const month = monthOf(now);
  const [account] = await ctx.db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, input.userId));
  const plan = planOf(account?.plan ?? 'decouverte');
  const owned = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.createdBy, input.userId), isNull(projects.deletingAt)));
  const apps =
    owned.length === 0
      ? []
      : await ctx.db
          .select({
            cpuMilli: deployments.cpuMilli,
            ramMb: deployments.ramMb,
            storageMb: deployments.storageMb,
            replicas: deployments.replicas,
            createdAt: deployments.createdAt,
          })
          .from(deployments)
          .where(
            and(
              inArray(
                deployments.projectId,
                owned.map((p) => p.id),
              ),
              eq(deployments.desiredState, 'present'),
            ),
          );

  let monthly = 0;
  let consumed = 0;
  let projected = 0;
  for (const a of apps) {
    const price = priceResources({
      cpu: fromMilli(a.cpuMilli),
      ram: fromMilli(a.ramMb),
      storage: fromMilli(a.storageMb),
      replicas: a.replicas,
    }).monthly;
    const from = Math.max(a.createdAt.getTime(), month.start.getTime());
    monthly = clean(monthly + price);
    consumed = clean(consumed + (price * Math.max(0, now.getTime() - from)) / month.length);
    projected = clean(projected + (price * (month.end.getTime() - from)) / month.length);
  }
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      monthly_price_xof: plan.monthlyPriceXof,
      project_limit: plan.projectLimit,
    },
    projects_owned: await ownedProjects(ctx.db, input.userId),
    period: {
      start: month.start.toISOString(),
      end: month.end.toISOString(),
      now: now.toISOString(),
    },
    resources_monthly_xof: toXof(monthly),
    consumed_xof: plan.monthlyPriceXof + toXof(consumed),
    projected_xof: plan.monthlyPriceXof + toXof(projected),
    applications_count: apps.length,
  };
}
