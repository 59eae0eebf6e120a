import { deployments } from '../db/schema/deployments';
import { withEvent } from '../modules/deployments/events';
import type { ApplicationObservation } from './driver';
import type { ApplicationReconcilerDeps } from './reconcile-application';
import type { ApplicationRef } from './spec';
import type { DeploymentRow } from './spec-for-deployment';
import type { SQL } from 'drizzle-orm';
import { reconcileTexts } from '@nuage/shared/messages/reconcile';

/**
 * Drift repair (docker runtime, after a restart of the platform or while it runs): a replica
 * or the database container removed or stopped by hand, which the engine will not bring back,
 * is recreated or started by applying the application's current spec again. Apply is
 * idempotent: healthy containers (same spec hash, running) are left untouched, volumes are
 * kept, so a recreated container finds its data. Answers what the runtime reports afterwards,
 * or null when the lease was lost meanwhile.
 */
export async function repairDrift(
  deps: ApplicationReconcilerDeps,
  row: DeploymentRow,
  namespace: string,
  ref: ApplicationRef,
  drift: string[],
  where: SQL | undefined,
): Promise<ApplicationObservation | null> {
  deps.log.warn({ deploymentId: row.id, drift }, 'runtime drift: applying the spec again');
  const spec = await deps.specs.of(row, namespace);
  await deps.driver.apply(spec);
  const [kept] = await deps.db
    .update(deployments)
    .set({ events: withEvent(reconcileTexts.driftRepaired(drift.join(', '))) })
    .where(where)
    .returning({ id: deployments.id });
  if (!kept) return null;
  return deps.driver.status(ref);
}
