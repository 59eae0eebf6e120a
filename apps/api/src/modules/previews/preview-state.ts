import type { PreviewState } from '@nuage/shared/schemas/responses/previews';
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { builds } from '../../db/schema/builds';
import { deployments } from '../../db/schema/deployments';
import { previews } from '../../db/schema/previews';

export type PreviewRow = typeof previews.$inferSelect;

/** What a pull request's event did to its preview (the webhook's 202 answer). */
export type PreviewOutcome = { apercu_id: string; build_id: string | null; detail: string };

/** What a preview's state is read from: its row, its application and its latest build. */
export interface PreviewFacts {
  row: PreviewRow;
  application: {
    status: (typeof deployments.$inferSelect)['status'];
    applicationUrl: string | null;
    cpuMilli: number;
    ramMb: number;
    storageMb: number;
    replicas: number;
    statusReason: string | null;
  } | null;
  build: {
    id: string;
    numero: number | null;
    status: (typeof builds.$inferSelect)['status'];
    error: string | null;
  } | null;
}

/**
 * The preview's one state, as the page and the Git host show it: the row says closing,
 * refused or stopped; otherwise the latest build (queued or running: building; failed: failed) and then
 * the application (running: ready; failed: failed; anything else: deploying).
 */
export function previewState(f: PreviewFacts): PreviewState {
  if (f.row.state === 'closing') return 'closing';
  if (f.row.state === 'refused') return 'refused';
  if (f.row.state === 'stopped') return 'stopped';
  const build = f.build?.status;
  if (!build || build === 'queued' || build === 'running') return 'building';
  if (build === 'failed' || build === 'cancelled') return 'failed';
  if (f.application?.status === 'RUNNING') return 'ready';
  if (f.application?.status === 'FAILED') return 'failed';
  return 'deploying';
}

/**
 * Previews of the project that hold an environment (a closed one's until it is deleted): what
 * PREVIEWS_PER_PROJECT counts.
 */
export async function previewsWithEnvironment(db: Executor, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(previews)
    .where(and(eq(previews.projectId, projectId), isNotNull(previews.environmentId)));
  return Number(row?.n ?? 0);
}

/** The facts of several previews in two queries (the page lists every preview of an application). */
export async function previewFacts(db: Executor, rows: PreviewRow[]): Promise<PreviewFacts[]> {
  const ids = rows.map((r) => r.deploymentId).filter((id): id is string => id !== null);
  const [apps, latest] = ids.length
    ? await Promise.all([
        db
          .select({
            id: deployments.id,
            status: deployments.status,
            applicationUrl: deployments.applicationUrl,
            cpuMilli: deployments.cpuMilli,
            ramMb: deployments.ramMb,
            storageMb: deployments.storageMb,
            replicas: deployments.replicas,
            statusReason: deployments.statusReason,
          })
          .from(deployments)
          .where(inArray(deployments.id, ids)),
        db
          .selectDistinctOn([builds.deploymentId], {
            deploymentId: builds.deploymentId,
            id: builds.id,
            numero: builds.numero,
            status: builds.status,
            error: builds.errorMessage,
          })
          .from(builds)
          .where(and(inArray(builds.deploymentId, ids), eq(builds.kind, 'build')))
          .orderBy(builds.deploymentId, desc(builds.numero)),
      ])
    : [[], []];
  const appOf = new Map(apps.map((a) => [a.id, a]));
  const buildOf = new Map(latest.map((b) => [b.deploymentId, b]));
  return rows.map((row) => ({
    row,
    application: row.deploymentId ? (appOf.get(row.deploymentId) ?? null) : null,
    build: row.deploymentId ? (buildOf.get(row.deploymentId) ?? null) : null,
  }));
}
