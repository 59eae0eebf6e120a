import type { MonthCosts } from '@nuage/shared/billing-types';
import { planOf, type PublicPlan } from '@nuage/shared/plans';
import { PRICE_PER_GB_BACKUP_MONTH, priceResources, toXof } from '@nuage/shared/pricing';
import { fromMilli } from '@nuage/shared/quantities';
import { and, eq, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { backupBytesByProject } from '../pricing/usage';

const clean = (v: number) => Math.round(v * 1e9) / 1e9;
const GB = 1024 ** 3;

export interface MonthPeriod {
  start: Date;
  end: Date;
  now: Date;
}

/** The calendar month (UTC) around `now`. */
export function monthAround(now: Date): MonthPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, now };
}

/** Base units (pricing.ts) of resources: consumed since the 1st, and by the month's end. */
export interface ResourcesMonth {
  consumed: number;
  projected: number;
  /** Per month at today's configuration. */
  monthly: number;
  applications: number;
}

/**
 * The one rule behind every « consommation » and « projection » the customer reads (issue 33):
 * each application counts from its creation in the month (or the 1st) at its current resources,
 * priced by pricing.ts; backups kept count as storage from the 1st. Applications deleted earlier
 * in the month are not counted (no usage ledger yet): an estimate, which the pages say.
 */
export async function resourcesMonthByProject(
  db: Executor,
  projectIds: string[],
  period: MonthPeriod,
): Promise<Map<string, ResourcesMonth>> {
  if (projectIds.length === 0) return new Map();
  const [apps, backupBytes] = await Promise.all([
    db
      .select({
        projectId: deployments.projectId,
        cpuMilli: deployments.cpuMilli,
        ramMb: deployments.ramMb,
        storageMb: deployments.storageMb,
        replicas: deployments.replicas,
        createdAt: deployments.createdAt,
      })
      .from(deployments)
      .where(and(inArray(deployments.projectId, projectIds), reservesResources())),
    backupBytesByProject(db, projectIds),
  ]);
  return resourcesMonthOf(projectIds, apps, backupBytes, period);
}

/** An application as the month counts it. */
export interface MonthApplication {
  projectId: string;
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
  replicas: number;
  createdAt: Date;
}

/**
 * Rows a caller has already read (the dashboard): the applications reserving resources and the
 * backup bytes of `projectIds`; accountMonth uses them when they cover every project owned.
 */
export interface KnownMonthRows {
  projectIds: ReadonlySet<string>;
  apps: readonly MonthApplication[];
  backupBytes: Record<string, number>;
}

/**
 * resourcesMonthByProject's rule over rows already read: the projects' applications that
 * reserve resources (others are ignored) and their backup bytes.
 */
export function resourcesMonthOf(
  projectIds: string[],
  apps: readonly MonthApplication[],
  backupBytes: Record<string, number>,
  period: MonthPeriod,
): Map<string, ResourcesMonth> {
  const months = new Map<string, ResourcesMonth>(
    projectIds.map((id) => [id, { consumed: 0, projected: 0, monthly: 0, applications: 0 }]),
  );
  const length = period.end.getTime() - period.start.getTime();
  const share = (from: number, to: number) => Math.max(0, to - from) / length;
  const add = (m: ResourcesMonth, monthly: number, from: number) => {
    m.monthly = clean(m.monthly + monthly);
    m.consumed = clean(m.consumed + monthly * share(from, period.now.getTime()));
    m.projected = clean(m.projected + monthly * share(from, period.end.getTime()));
  };
  for (const a of apps) {
    const m = months.get(a.projectId);
    if (!m) continue;
    const monthly = priceResources({
      cpu: fromMilli(a.cpuMilli),
      ram: fromMilli(a.ramMb),
      storage: fromMilli(a.storageMb),
      replicas: a.replicas,
    }).monthly;
    add(m, monthly, Math.max(a.createdAt.getTime(), period.start.getTime()));
    m.applications++;
  }
  for (const [projectId, bytes] of Object.entries(backupBytes)) {
    const m = months.get(projectId);
    if (m) add(m, clean((bytes / GB) * PRICE_PER_GB_BACKUP_MONTH), period.start.getTime());
  }
  return months;
}

export function sumMonths(months: Iterable<ResourcesMonth>): ResourcesMonth {
  const total: ResourcesMonth = { consumed: 0, projected: 0, monthly: 0, applications: 0 };
  for (const m of months) {
    total.consumed = clean(total.consumed + m.consumed);
    total.projected = clean(total.projected + m.projected);
    total.monthly = clean(total.monthly + m.monthly);
    total.applications += m.applications;
  }
  return total;
}

export const presentPlan = (plan: PublicPlan) => ({
  id: plan.id,
  name: plan.name,
  monthly_price_xof: plan.monthlyPriceXof,
  project_limit: plan.projectLimit,
});

export const presentPeriod = (period: MonthPeriod) => ({
  start: period.start.toISOString(),
  end: period.end.toISOString(),
  now: period.now.toISOString(),
});

export async function planOfAccount(db: Executor, userId: string): Promise<PublicPlan> {
  const [account] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return planOf(account?.plan ?? 'decouverte');
}

/** The projects an account pays for: those it created, not being deleted. */
const ownedBy = (userId: string | Placeholder) =>
  and(eq(projects.createdBy, userId), isNull(projects.deletingAt));

/**
 * An account's plan and the projects it pays for, in one prepared statement (every dashboard
 * read asks: issue 32).
 */
const planAndOwnedProjects = preparedSql<
  { plan: string | null; owned: string[] },
  { userId: string }
>(
  'account_plan_and_owned_projects',
  () => sql`
    SELECT (SELECT ${users.plan} FROM ${users} WHERE ${users.id} = ${sql.placeholder('userId')}) AS plan,
      ARRAY(SELECT ${projects.id} FROM ${projects} WHERE ${ownedBy(sql.placeholder('userId'))})::text[] AS owned`,
);

/**
 * An account's month, as the billing card and the dashboard show it: its plan, and the
 * resources of the projects it owns (members do not pay for the projects they join).
 */
export async function accountMonth(
  db: Executor,
  input: {
    userId: string;
    now?: Date;
    known?: KnownMonthRows;
  },
): Promise<MonthCosts & { resources: ResourcesMonth; projectsOwned: number }> {
  const period = monthAround(input.now ?? new Date());
  const [account] = await planAndOwnedProjects(db, { userId: input.userId });
  const plan = planOf(account?.plan ?? 'decouverte');
  const owned = account?.owned ?? [];
  const known = input.known;
  // An owner may have left their project (another admin remains): then it is read here.
  const months =
    known && owned.every((id) => known.projectIds.has(id))
      ? resourcesMonthOf(owned, known.apps, known.backupBytes, period)
      : await resourcesMonthByProject(db, owned, period);
  const resources = sumMonths(months.values());
  const projectedResources = toXof(resources.projected);
  return {
    plan: presentPlan(plan),
    period: presentPeriod(period),
    resources_consumed_xof: toXof(resources.consumed),
    resources_projected_xof: projectedResources,
    projected_xof: plan.monthlyPriceXof + projectedResources,
    resources,
    projectsOwned: owned.length,
  };
}
