import { fromMilli } from '@nuage/shared/quantities';
import {
  PRICE_PER_GB_BACKUP_MONTH,
  priceResources,
  toXof,
  type PriceBreakdown,
} from '@nuage/shared/pricing';
import type { ProjectCost, UsageSummary } from '@nuage/shared/pricing-types';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { backups } from '../../db/schema/backups';
import type { AppContext } from '../../app-context';
import { reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { projectMembers, projects } from '../../db/schema/projects';
import { groupBy } from '../../lib/group-by';
import { totalReservation, type ReservingApplication } from '../../lib/reservation';
import { presentBreakdown } from './presenter';
import { isPreviewApplication } from '../previews/preview-flag';
import { liveMembershipsOf } from '../projects/policy';

export interface CostedProject {
  id: string;
  nom: string;
}

export interface CostedApplication extends ReservingApplication {
  projectId: string;
  /** A pull request's preview (issue 26): counted apart too. */
  isPreview?: boolean;
}

const clean = (v: number) => Math.round(v * 1e9) / 1e9;
const zero: PriceBreakdown = {
  cpu: 0,
  ram: 0,
  storage: 0,
  resources: 0,
  platformFee: 0,
  monthly: 0,
};

function add(a: PriceBreakdown, b: PriceBreakdown): PriceBreakdown {
  return {
    cpu: clean(a.cpu + b.cpu),
    ram: clean(a.ram + b.ram),
    storage: clean(a.storage + b.storage),
    resources: clean(a.resources + b.resources),
    platformFee: clean(a.platformFee + b.platformFee),
    monthly: clean(a.monthly + b.monthly),
  };
}

/**
 * A project costs the sum of its applications' prices, each priced as the calculator quoted it
 * at deploy time: so the fee minimum (1 base unit) applies to every application on its own.
 */
const GB = 1024 ** 3;

function projectCost(
  project: CostedProject,
  apps: CostedApplication[],
  backupBytes: number,
): ProjectCost {
  let total = zero;
  let previews = zero;
  for (const a of apps) {
    const cpu = fromMilli(a.cpuMilli);
    const ram = fromMilli(a.ramMb);
    const storage = fromMilli(a.storageMb);
    const price = priceResources({ cpu, ram, storage, replicas: a.replicas });
    total = add(total, price);
    if (a.isPreview) previews = add(previews, price);
  }
  const used = totalReservation(apps);
  const usage = {
    cpu: fromMilli(used.cpuMilli),
    ram: fromMilli(used.ramMb),
    storage: fromMilli(used.storageMb),
  };
  const breakdown = presentBreakdown(total, usage);
  const backupGb = clean(backupBytes / GB);
  const backupCost = clean(backupGb * PRICE_PER_GB_BACKUP_MONTH);
  const monthly = clean(total.monthly + backupCost);
  return {
    project_id: project.id,
    project_name: project.nom,
    monthly_cost: toXof(monthly),
    monthly_cost_base: monthly,
    yearly_cost: toXof(monthly * 12),
    resource_cost_xof: breakdown.resource_cost_xof,
    resource_cost_base: breakdown.resource_cost,
    platform_fee_xof: breakdown.platform_fee_xof,
    platform_fee_base: breakdown.platform_fee,
    usage: { cpu_used: usage.cpu, ram_used: usage.ram, storage_used: usage.storage },
    costs: breakdown.resources,
    sauvegardes: {
      quantity: backupGb,
      unit_price: PRICE_PER_GB_BACKUP_MONTH,
      cost: backupCost,
      cost_xof: toXof(backupCost),
    },
    applications_count: apps.length,
    apercus: {
      nombre: apps.filter((a) => a.isPreview).length,
      cout_mensuel_xof: toXof(previews.monthly),
    },
  };
}

/** The usage summary of some projects and their applications (pure: the route loads the rows). */
export function summarizeUsage(
  projectRows: CostedProject[],
  apps: CostedApplication[],
  /** Bytes of backup archives kept on the platform, by project id. */
  backupBytes: Record<string, number> = {},
): UsageSummary {
  // One pass over the applications, not one per project (400 applications of 20 projects).
  const appsByProject = groupBy(apps, (a) => a.projectId);
  const costs = projectRows
    .map((p) => projectCost(p, appsByProject.get(p.id) ?? [], backupBytes[p.id] ?? 0))
    .sort(
      (a, b) =>
        b.monthly_cost_base - a.monthly_cost_base ||
        a.project_name.localeCompare(b.project_name, 'fr'),
    );
  const monthlyBase = costs.reduce((sum, p) => clean(sum + p.monthly_cost_base), 0);
  return {
    total_monthly_cost: toXof(monthlyBase),
    total_yearly_cost: toXof(monthlyBase * 12),
    total_monthly_cost_base: monthlyBase,
    projects_count: costs.length,
    applications_count: apps.length,
    currency: 'XOF',
    projects: costs,
  };
}

/**
 * GET /pricing/my-usage: over the caller's projects (those they are a member of and not being
 * deleted) and every application not deleted, which is what reserves resources.
 */
export async function usageSummary(
  ctx: AppContext,
  input: { userId: string },
): Promise<UsageSummary> {
  const projectRows = await ctx.db
    .select({ id: projects.id, nom: projects.nom })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(liveMembershipsOf(input.userId));
  if (projectRows.length === 0) return summarizeUsage([], []);
  const apps = await ctx.db
    .select({
      projectId: deployments.projectId,
      cpuMilli: deployments.cpuMilli,
      ramMb: deployments.ramMb,
      storageMb: deployments.storageMb,
      replicas: deployments.replicas,
      isPreview: isPreviewApplication,
    })
    .from(deployments)
    .where(
      and(
        inArray(
          deployments.projectId,
          projectRows.map((p) => p.id),
        ),
        reservesResources(),
      ),
    );
  return summarizeUsage(
    projectRows,
    apps,
    await backupBytesByProject(
      ctx.db,
      projectRows.map((p) => p.id),
    ),
  );
}

/** What each project's backups take on the platform: every archive still kept locally. */
export async function backupBytesByProject(
  db: Database,
  projectIds: string[],
): Promise<Record<string, number>> {
  if (projectIds.length === 0) return {};
  const rows = await backupBytesOfProjects(db, { projectIds });
  return Object.fromEntries(rows.map((r) => [r.projectId, Number(r.bytes)]));
}

// Prepared once (db/prepared-sql.ts): every dashboard and bill reads it (issue 32).
const backupBytesOfProjects = preparedSql<
  { projectId: string; bytes: string },
  { projectIds: string[] }
>(
  'backup_bytes_by_project',
  () => sql`
    SELECT ${backups.projectId} AS "projectId", coalesce(sum(${backups.sizeBytes}), 0) AS bytes
    FROM ${backups}
    WHERE ${backups.projectId} = ANY(${sql.placeholder('projectIds')}::uuid[])
      AND ${keptOnPlatform()}
    GROUP BY ${backups.projectId}`,
);

/** A backup whose archive the platform keeps (and bills): its local copy succeeded. */
export const keptOnPlatform = () =>
  sql`${backups.sizeBytes} IS NOT NULL
      AND ${backups.copies} @> '[{"kind":"local","status":"success"}]'::jsonb`;
