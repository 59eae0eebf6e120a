import type { Bill, MonthCosts } from '@nuage/shared/billing-types';
import { toXof } from '@nuage/shared/pricing';
import type { AppContext } from '../../app-context';
import { accountMonth, type KnownMonthRows } from './month-costs';

/**
 * The bill of the month, from the projects the account owns (it pays for them; members do
 * not): month-costs.ts's figures, the ones the dashboard shows too, with the plan's limits.
 */
export async function billOf(
  ctx: AppContext,
  input: { userId: string; now?: Date },
): Promise<Bill> {
  const { resources, projectsOwned, ...month } = await accountMonth(ctx.db, input);
  return {
    ...month,
    projects_owned: projectsOwned,
    resources_monthly_xof: toXof(resources.monthly),
    applications_count: resources.applications,
  };
}

/**
 * The account's month without the bill's extras (the dashboard's « Coûts du mois »), from
 * `known` rows when they cover the projects it owns.
 */
export async function monthOfAccount(
  ctx: AppContext,
  userId: string,
  known?: KnownMonthRows,
): Promise<MonthCosts> {
  const {
    resources: _resources,
    projectsOwned: _owned,
    ...month
  } = await accountMonth(ctx.db, { userId, known });
  return month;
}
