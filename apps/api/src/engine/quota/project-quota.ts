import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { reservationSums, reservesResources } from '../../db/reservation-sql';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { projects } from '../../db/schema/projects';
import { NO_RESERVATION } from '../../lib/reservation';
import type { ProjectQuotaSpec, RuntimeDriver } from '../driver';
import { environmentSpecOf } from '../specs/environment-spec';
import { quotaShares, type Quantities } from './quota-shares';

/**
 * A project's quota split between its environments by the runtime (driver.distributeQuota),
 * from what each environment's applications reserve (lib/reservation.ts, summed by
 * db/reservation-sql.ts). One project at a time across API processes: a
 * transaction-scoped advisory lock serialises redistributions, so two processes never
 * interleave their lower-then-raise steps.
 */
export async function distributeProjectQuota(
  db: Database,
  driver: RuntimeDriver,
  projectId: string,
): Promise<void> {
  if (!driver.distributeQuota) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`nuagedeploy-quota:${projectId}`}))`,
    );
    const spec = await projectQuotaSpec(tx, projectId);
    if (spec) await driver.distributeQuota!(spec);
  });
}

/**
 * The project's quota and each environment's reservation, or null when it is gone. An
 * environment being deleted is still there until the runtime has released it (its quota
 * lowered to nothing, then its namespace finalised): until then the others must not take its
 * share (issue 23, defect 5: the quotas added up to more than the project's for seconds).
 */
export async function projectQuotaSpec(
  tx: Executor,
  projectId: string,
): Promise<ProjectQuotaSpec | null> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return null;
  const envs = await tx.select().from(environments).where(eq(environments.projectId, projectId));
  const reserved = await tx
    .select({
      environmentId: deployments.environmentId,
      ...reservationSums(),
    })
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), reservesResources()))
    .groupBy(deployments.environmentId);
  const byEnv = new Map(reserved.map((r) => [r.environmentId, r]));
  return {
    projectId,
    quota: {
      cpuMilli: project.quotaCpuMilli,
      ramMb: project.quotaRamMb,
      storageMb: project.quotaStorageMb,
    },
    environments: envs.map((env) => {
      const r = byEnv.get(env.id);
      const releasing = env.status === 'deleting';
      return {
        environment: environmentSpecOf(env, project),
        // What is still being removed reserves nothing any more.
        reserved:
          releasing || !r
            ? NO_RESERVATION
            : { cpuMilli: r.cpuMilli, ramMb: r.ramMb, storageMb: r.storageMb },
        state: releasing ? 'releasing' : env.status === 'active' ? 'active' : 'pending',
      };
    }),
  };
}

/** The environments that share the project's quota (not those being released). */
export const sharing = (spec: ProjectQuotaSpec) =>
  spec.environments.filter((e) => e.state !== 'releasing');

/** One environment's share of its project's quota (what its namespace's ResourceQuota holds). */
export async function environmentShare(
  db: Executor,
  projectId: string,
  environmentId: string,
): Promise<Quantities | null> {
  const spec = await projectQuotaSpec(db, projectId);
  if (!spec) return null;
  const envs = sharing(spec);
  const i = envs.findIndex((e) => e.environment.environmentId === environmentId);
  if (i < 0) return null;
  return (
    quotaShares(
      spec.quota,
      envs.map((e) => e.reserved),
    )[i] ?? null
  );
}
