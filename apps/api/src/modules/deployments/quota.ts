import { noticeHighUsage } from '../notifications/quota-notices';
import { fromMilli } from '@nuage/shared/quantities';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { projects } from '../../db/schema/projects';
import { notFound, QuotaExceededError, type QuotaErrorDetail } from '../../lib/errors';
import type { Reservation } from '../../lib/reservation';
import { projectUsage } from '../projects/usage';
import { projectTexts, quotaErrorTexts } from '@nuage/shared/messages/projects';

export const QUOTA_MESSAGE = quotaErrorTexts.message;

const resources = [
  { key: 'cpu', label: 'CPU', unit: 'core(s)', quota: 'quotaCpuMilli', used: 'cpuMilli' },
  { key: 'ram', label: 'RAM', unit: 'GB', quota: 'quotaRamMb', used: 'ramMb' },
  {
    key: 'storage',
    label: quotaErrorTexts.storageLabel,
    unit: 'GB',
    quota: 'quotaStorageMb',
    used: 'storageMb',
  },
] as const;

const fr = (milli: number) => String(fromMilli(milli)).replace('.', ',');

type ProjectRow = typeof projects.$inferSelect;

/**
 * Locks the project row: every deploy, edit and quota change of the project takes this lock
 * first, so concurrent requests are checked one after the other, each on what the previous
 * ones committed.
 */
export async function lockProject(tx: Executor, projectId: string): Promise<ProjectRow> {
  const [project] = await tx
    .select()
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  // A project whose deletion was committed while the request waited takes no new reservation.
  if (!project || project.deletingAt) throw notFound(projectTexts.notFound);
  return project;
}

/** Locks the project and refuses, with SPEC §3's quota error, a request that does not fit. */
export async function lockProjectAndCheckQuota(
  tx: Executor,
  opts: { projectId: string; requested: Reservation },
): Promise<ProjectRow> {
  const project = await lockProject(tx, opts.projectId);
  await checkQuota(tx, project, opts);
  return project;
}

/**
 * Refuses, with SPEC §3's quota error, a request that would take usage above any quota (the
 * caller holds the project lock). `requested` is what the application reserves (cpu ×
 * replicas, ram × replicas, storage); `excludeDeploymentId` leaves out the application being
 * edited, and `current` is what it reserves today: a resource an edit does not raise is never
 * refused, so lowering always works, even in a project an operator left above its quota.
 */
export async function checkQuota(
  tx: Executor,
  project: ProjectRow,
  opts: { requested: Reservation; excludeDeploymentId?: string; current?: Reservation },
): Promise<void> {
  const used = await projectUsage(tx, project.id, opts.excludeDeploymentId);

  const exceeded: string[] = [];
  const recommendations: QuotaErrorDetail['recommendations'] = [];
  for (const r of resources) {
    const quota = project[r.quota];
    const usedBefore = used[r.used];
    const requested = opts.requested[r.used];
    if (opts.current && requested <= opts.current[r.used]) continue;
    if (usedBefore + requested <= quota) continue;
    const available = Math.max(0, quota - usedBefore);
    exceeded.push(
      quotaErrorTexts.exceeded({
        label: r.label,
        unit: r.unit,
        requested: fr(requested),
        available: fr(available),
        quota: fr(quota),
      }),
    );
    recommendations.push({
      type: 'increase_project_quota',
      resource: r.label,
      current_quota: fromMilli(quota),
      needed_increase: fromMilli(usedBefore + requested - quota),
      suggested_quota: fromMilli(usedBefore + requested),
    });
    recommendations.push({
      type: 'reduce_application_request',
      resource: r.label,
      current_quota: fromMilli(available),
      needed_increase: fromMilli(requested),
      suggested_quota: fromMilli(available),
    });
  }
  if (exceeded.length === 0) {
    await noticeHighUsage(tx, project, used, opts.requested);
    return;
  }
  // What the project really uses today: an edited application's own reservation included
  // (left out above only to compare its new reservation with what the others leave).
  const usedNow = (key: keyof Reservation) => used[key] + (opts.current?.[key] ?? 0);
  throw new QuotaExceededError(
    {
      message: QUOTA_MESSAGE,
      quota_exceeded: exceeded,
      recommendations,
      quota_details: {
        quota_cpu: fromMilli(project.quotaCpuMilli),
        used_cpu: fromMilli(usedNow('cpuMilli')),
        quota_ram: fromMilli(project.quotaRamMb),
        used_ram: fromMilli(usedNow('ramMb')),
        quota_stockage: fromMilli(project.quotaStorageMb),
        used_stockage: fromMilli(usedNow('storageMb')),
        requested_cpu: fromMilli(opts.requested.cpuMilli),
        requested_ram: fromMilli(opts.requested.ramMb),
        requested_stockage: fromMilli(opts.requested.storageMb),
      },
    },
    project.id,
  );
}
