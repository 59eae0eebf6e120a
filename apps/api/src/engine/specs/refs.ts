import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import type { ApplicationRef } from '../spec';

/** Where a driver finds an application: its fixed runtime name in its environment's namespace. */
export async function applicationRefOf(
  db: Executor,
  row: Pick<typeof deployments.$inferSelect, 'id' | 'runtimeName' | 'environmentId'>,
): Promise<ApplicationRef> {
  const [env] = await db
    .select({ namespace: environments.namespace })
    .from(environments)
    .where(eq(environments.id, row.environmentId));
  if (!env) throw new Error(`environment ${row.environmentId} of deployment ${row.id} is gone`);
  return { deploymentId: row.id, name: row.runtimeName, namespace: env.namespace };
}
