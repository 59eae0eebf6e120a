import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import type { ApplicationRef } from '../../engine/spec';
import { stackServicesOf } from '../../engine/specs/compose-settings';

/**
 * Where the runtime finds an application to measure, in one query (not the whole row: its
 * events can be long); a Compose application's services too, so the runtime measures each one
 * (issue 30 item 2). Null when the application is gone.
 */
export async function metricsRefOf(
  db: Executor,
  deploymentId: string,
): Promise<ApplicationRef | null> {
  const [row] = await db
    .select({
      deploymentId: deployments.id,
      name: deployments.runtimeName,
      namespace: environments.namespace,
      sourceKind: deployments.sourceKind,
      settings: deployments.settings,
    })
    .from(deployments)
    .innerJoin(environments, eq(environments.id, deployments.environmentId))
    .where(eq(deployments.id, deploymentId));
  if (!row) return null;
  const ref = { deploymentId: row.deploymentId, name: row.name, namespace: row.namespace };
  const stackServices = stackServicesOf(row);
  return stackServices ? { ...ref, stackServices } : ref;
}
