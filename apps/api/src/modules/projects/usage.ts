import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';

export interface MilliUsage {
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
}

/**
 * What a project's applications reserve: cpu × replicas, ram × replicas and storage, over
 * every application not deleted (ARCHITECTURE.md "Deployment engine").
 */
export async function projectUsage(
  db: Executor,
  projectId: string,
  excludeDeploymentId?: string,
): Promise<MilliUsage> {
  const [row] = await db
    .select({
      cpu: sql<string>`coalesce(sum(${deployments.cpuMilli} * ${deployments.replicas}), 0)`,
      ram: sql<string>`coalesce(sum(${deployments.ramMb} * ${deployments.replicas}), 0)`,
      storage: sql<string>`coalesce(sum(${deployments.storageMb}), 0)`,
    })
    .from(deployments)
    .where(
      and(
        eq(deployments.projectId, projectId),
        eq(deployments.desiredState, 'present'),
        excludeDeploymentId ? sql`${deployments.id} <> ${excludeDeploymentId}` : undefined,
      ),
    );
  return {
    cpuMilli: Number(row?.cpu ?? 0),
    ramMb: Number(row?.ram ?? 0),
    storageMb: Number(row?.storage ?? 0),
  };
}
