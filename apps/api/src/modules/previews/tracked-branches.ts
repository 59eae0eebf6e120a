import type { TrackedBranch } from '@nuage/shared/schemas/responses/previews';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { previews } from '../../db/schema/previews';

/**
 * Which branch each environment of the project follows for this repository (issue 26 item 1):
 * the code applications built from the same repository, the previews left out, in the order
 * their environments were made.
 */
export async function trackedBranches(
  db: Executor,
  source: { projectId: string; repoUrl: string | null },
): Promise<TrackedBranch[]> {
  if (!source.repoUrl) return [];
  const rows = await db
    .select({
      environnement_id: environments.id,
      environnement_nom: environments.nom,
      application_id: deployments.id,
      application_nom: deployments.nom,
      branche: deployments.gitBranch,
    })
    .from(deployments)
    .innerJoin(environments, eq(environments.id, deployments.environmentId))
    .leftJoin(previews, eq(previews.deploymentId, deployments.id))
    .where(
      and(
        eq(deployments.projectId, source.projectId),
        eq(deployments.repoUrl, source.repoUrl),
        eq(deployments.sourceKind, 'code'),
        eq(deployments.desiredState, 'present'),
        isNull(previews.id),
      ),
    )
    .orderBy(asc(environments.createdAt), asc(deployments.nom));
  return rows.map((r) => ({ ...r, branche: r.branche ?? 'main' }));
}
