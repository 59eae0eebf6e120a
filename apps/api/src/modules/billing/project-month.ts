import type { ProjectMonthCosts } from '@nuage/shared/billing-types';
import { priceResources, toXof } from '@nuage/shared/pricing';
import { fromMilli } from '@nuage/shared/quantities';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { projects } from '../../db/schema/projects';
import { notFound } from '../../lib/errors';
import { authorizeProject, PROJECT_NOT_FOUND } from '../projects/policy';
import {
  monthAround,
  planOfAccount,
  presentPeriod,
  presentPlan,
  resourcesMonthByProject,
} from './month-costs';

/**
 * The project page's « Coûts » (issue 33): the project's share of the month by the same rule
 * as the billing card and the dashboard (month-costs.ts), the owner's plan (paid once per
 * account, whatever the number of projects), and what the full quota would cost per month.
 */
export async function projectMonth(
  ctx: AppContext,
  input: { projectId: string; userId: string; now?: Date },
): Promise<ProjectMonthCosts> {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const period = monthAround(input.now ?? new Date());
  const owner = project.createdBy;
  const [plan, months] = await Promise.all([
    planOfAccount(ctx.db, owner ?? input.userId),
    resourcesMonthByProject(ctx.db, [project.id], period),
  ]);
  const month = months.get(project.id)!;
  const fullQuota = priceResources({
    cpu: fromMilli(project.quotaCpuMilli),
    ram: fromMilli(project.quotaRamMb),
    storage: fromMilli(project.quotaStorageMb),
  }).monthly;
  return {
    plan: presentPlan(plan),
    paid_by_you: owner === input.userId,
    period: presentPeriod(period),
    resources_consumed_xof: toXof(month.consumed),
    resources_projected_xof: toXof(month.projected),
    full_quota_monthly_xof: toXof(fullQuota),
  };
}
