import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import type { ApplicationRef } from '../../engine/spec';
import { stackServicesOf } from '../../engine/specs/compose-settings';

/**
 * Where the runtime finds each application to measure, in one query (not the whole rows: their
 * events can be long); a Compose application's services too, so the runtime measures each one
 * (issue 30 item 2). An application that is gone is not in the map.
 */
export async function metricsRefsOf(
  db: Executor,
  deploymentIds: string[],
): Promise<Map<string, ApplicationRef>> {
  if (!deploymentIds.length) return new Map();
  const rows = await db
    .select({
      deploymentId: deployments.id,
      name: deployments.runtimeName,
      namespace: environments.namespace,
      sourceKind: deployments.sourceKind,
      settings: deployments.settings,
    })
    .from(deployments)
    .innerJoin(environments, eq(environments.id, deployments.environmentId))
    .where(inArray(deployments.id, deploymentIds));
  return new Map(
    rows.map((row) => {
      const ref = { deploymentId: row.deploymentId, name: row.name, namespace: row.namespace };
      const stackServices = stackServicesOf(row);
      return [row.deploymentId, stackServices ? { ...ref, stackServices } : ref];
    }),
  );
}
