import { deployments } from '../../db/schema/deployments';
import { withEvent } from '../../db/deployment-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { ApplicationSpecs } from '../specs/application-specs';
import type { ApplicationObservation, RuntimeDriver } from '../driver';
import type { ApplicationRef } from '../spec';
import type { DeploymentRow } from '../specs/spec-for-deployment';
import type { SQL } from 'drizzle-orm';
import { reconcileTexts } from '@nuage/shared/messages/reconcile';

/** What a repair needs of the application reconciler's dependencies. */
export interface DriftRepairDeps {
  db: Executor;
  driver: RuntimeDriver;
  specs: ApplicationSpecs;
  log: FastifyBaseLogger;
}

/**
 * Drift repair (docker runtime, after a restart of the platform or while it runs): a replica
 * or the database container removed or stopped by hand, which the engine will not bring back,
 * is recreated or started by applying the application's current spec again. Apply is
 * idempotent: healthy containers (same spec hash, running) are left untouched, volumes are
 * kept, so a recreated container finds its data. Answers what the runtime reports afterwards,
 * or null when the lease was lost meanwhile.
 */
export async function repairDrift(
  deps: DriftRepairDeps,
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
