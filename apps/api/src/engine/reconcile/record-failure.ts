import { reconcileTexts } from '@nuage/shared/messages/reconcile';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { withEvent } from '../../db/deployment-events';
import { emitForDeployment } from '../../db/notification-events';
import { deployments } from '../../db/schema/deployments';
import {
  preparationsCarriedBy,
  RuntimeRejectedError,
  RuntimeUnavailableError,
  type RuntimeDriver,
} from '../driver';
import type { DeploymentRow } from '../specs/spec-for-deployment';
import { backoffMs, OBSERVE_EVERY_MS } from './backoff';
import { recordPreparations } from './record-builds';
import { heldBy, RELEASE } from './row-lease';

/** What recording a failed pass needs of the reconciler. */
export interface FailureDeps {
  db: Executor;
  log: FastifyBaseLogger;
  owner: string;
  driver: Pick<RuntimeDriver, 'name'>;
}

/**
 * A runtime that does not answer is retried with backoff (the application keeps its status,
 * PENDING if it never reached the runtime); a refusal fails the application with its reason
 * until its desired state changes.
 */
export async function recordFailure(deps: FailureDeps, row: DeploymentRow, err: unknown) {
  const attempts = row.attempts + 1;
  if (err instanceof RuntimeUnavailableError) {
    const delay = backoffMs(attempts);
    deps.log.warn(
      { deploymentId: row.id, attempts, err: err.message },
      'runtime unavailable, will retry',
    );
    await deps.db
      .update(deployments)
      .set({
        attempts,
        nextAttemptAt: new Date(Date.now() + delay),
        ...(attempts === 1 || attempts % 5 === 0
          ? {
              events: withEvent(
                reconcileTexts.runtimeUnreachable(attempts, Math.round(delay / 1000)),
              ),
            }
          : {}),
        ...RELEASE,
      })
      .where(heldBy(deps, row));
    return;
  }
  const reason = err instanceof RuntimeRejectedError ? err.message : reconcileTexts.internalError;
  if (!(err instanceof RuntimeRejectedError))
    deps.log.error({ deploymentId: row.id, err }, 'reconcile failed');
  // A failed pull is part of the built-images history too.
  if (err instanceof RuntimeRejectedError) {
    await recordPreparations(deps.db, row, deps.driver.name, preparationsCarriedBy(err));
  }
  if (row.desiredState !== 'absent' && row.generation > row.observedGeneration)
    await emitForDeployment(deps.db, deps.log, row.id, {
      type: 'deployment.failed',
      dedupKey: `deploy:${row.id}:${row.generation}`,
      params: { raison: reason },
    });
  await deps.db
    .update(deployments)
    .set({
      status: row.desiredState === 'absent' ? 'DELETING' : 'FAILED',
      statusReason: reason,
      observedGeneration: row.generation,
      attempts,
      events: withEvent(`Échec : ${reason}`),
      nextAttemptAt: new Date(Date.now() + Math.max(OBSERVE_EVERY_MS.failed, backoffMs(attempts))),
      ...RELEASE,
    })
    .where(heldBy(deps, row));
}
