import { serviceOfPod } from '@nuage/shared/compose-pods';
import { composeSettingsOf, stackServicesOf } from '../../engine/specs/compose-settings';
import type {
  ApplicationMetrics as ApplicationMetricsView,
  ProjectMetrics,
} from '@nuage/shared/schemas/responses/monitoring';
import { fromMilli } from '@nuage/shared/quantities';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deployments } from '../../db/schema/deployments';
import { projects } from '../../db/schema/projects';
import type { ApplicationMetrics } from '../../engine/driver';
import { applicationRefOf } from '../../engine/specs/refs';
import { reservationOf } from '../../lib/reservation';
import { authorizeDeployment } from '../deployments/access';
import { authorizeProject } from '../projects/policy';
import { deploymentErrorTexts } from '@nuage/shared/messages/deployments';

type DeploymentRow = typeof deployments.$inferSelect;

const percent = (used: number, limit: number) =>
  limit > 0 ? Math.round((used / limit) * 1000) / 10 : 0;

export const METRICS_UNAVAILABLE = deploymentErrorTexts.metricsUnavailable;

/** Live usage of one application against what it reserves, from its runtime. */
async function metricsOf(ctx: AppContext, row: DeploymentRow): Promise<ApplicationMetricsView> {
  let measured: ApplicationMetrics | null = null;
  let message: string | null = null;
  if (row.desiredState === 'present' && row.observedGeneration > 0) {
    try {
      // A stack's services too: its totals are then the history's (the simulation sums them).
      const stackServices = stackServicesOf(row);
      const ref = await applicationRefOf(ctx.db, row);
      measured = await ctx.engine.driver.metrics(stackServices ? { ...ref, stackServices } : ref);
    } catch (err) {
      ctx.log.warn({ deploymentId: row.id, err: (err as Error).message }, 'metrics unavailable');
    }
  }
  if (!measured) message = METRICS_UNAVAILABLE;
  const { cpuMilli: cpuLimit, ramMb: ramLimit } = reservationOf(row);
  // A Compose application's containers or pods, each under the service it runs.
  const compose = row.sourceKind === 'compose' ? composeSettingsOf(row.settings) : null;
  const serviceOf = (pod: string) =>
    compose
      ? serviceOfPod(
          pod,
          compose.services.map((s) => s.name),
          compose.exposedService,
        )
      : null;
  return {
    application_id: row.id,
    application_name: row.nom,
    status: row.desiredState === 'absent' ? 'DELETING' : row.status,
    available: measured !== null,
    message,
    source: measured?.source ?? ctx.engine.runtime,
    collected_at: measured?.collectedAt ?? new Date().toISOString(),
    cpu: {
      used: fromMilli(measured?.cpuMilli ?? 0),
      limit: fromMilli(cpuLimit),
      percent: percent(measured?.cpuMilli ?? 0, cpuLimit),
    },
    ram: {
      used: fromMilli(measured?.ramMb ?? 0),
      limit: fromMilli(ramLimit),
      percent: percent(measured?.ramMb ?? 0, ramLimit),
    },
    storage: { reserved: fromMilli(row.storageMb) },
    pods: (measured?.pods ?? []).map((p) => ({
      name: p.name,
      cpu: fromMilli(p.cpuMilli),
      ram: fromMilli(p.ramMb),
      service: serviceOf(p.name),
    })),
  };
}

export async function applicationMetrics(
  ctx: AppContext,
  input: { deploymentId: string; userId: string },
): Promise<ApplicationMetricsView> {
  const row = await authorizeDeployment(ctx.db, { ...input, need: 'user' });
  return metricsOf(ctx, row);
}

/** Every application of the project, measured a few at a time, with totals against the quota. */
export async function projectMetrics(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<ProjectMetrics> {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, input.projectId));
  const rows = await ctx.db
    .select()
    .from(deployments)
    .where(
      and(eq(deployments.projectId, input.projectId), eq(deployments.desiredState, 'present')),
    );
  const applications: Awaited<ReturnType<typeof metricsOf>>[] = [];
  for (let i = 0; i < rows.length; i += 4) {
    applications.push(
      ...(await Promise.all(rows.slice(i, i + 4).map((row) => metricsOf(ctx, row)))),
    );
  }
  const sum = (pick: (a: (typeof applications)[number]) => number) =>
    Math.round(applications.reduce((s, a) => s + pick(a), 0) * 1000) / 1000;
  return {
    project_id: input.projectId,
    source: ctx.engine.runtime,
    collected_at: new Date().toISOString(),
    applications,
    totals: {
      cpu_used: sum((a) => a.cpu.used),
      ram_used: sum((a) => a.ram.used),
      cpu_reserved: sum((a) => a.cpu.limit),
      ram_reserved: sum((a) => a.ram.limit),
      storage_reserved: sum((a) => a.storage.reserved),
    },
    quota: {
      cpu: fromMilli(project!.quotaCpuMilli),
      ram: fromMilli(project!.quotaRamMb),
      stockage: fromMilli(project!.quotaStorageMb),
    },
  };
}
