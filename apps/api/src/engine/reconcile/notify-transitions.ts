import type { Executor } from '../../db/client';
import type { DeploymentStatus } from '../../db/schema/deployments';
import { emitForDeployment } from '../../db/notification-events';
import type { ApplicationObservation } from '../driver';
import type { DeploymentRow } from '../specs/spec-for-deployment';
import { watchCrashLoop, type CrashLoopSettings } from './crash-loop';

type Log = { error(obj: object, msg: string): void };
type Deps = { db: Executor; log: Log; crashLoop?: CrashLoopSettings };

/**
 * What an observation tells the project (issue 27): a deploy that went live or failed, an
 * application that stopped serving without restarting (down) and came back (up), crash loops
 * (crash-loop.ts). A notification never holds up nor fails the pass: errors are logged.
 */
export async function notifyObservation(
  deps: Deps,
  row: DeploymentRow,
  status: DeploymentStatus,
  observed: ApplicationObservation,
): Promise<void> {
  const deploying = row.status === 'PENDING' || row.status === 'DEPLOYING';
  try {
    const crashing = await crashLoopPass(deps, row, status, observed);
    // A generation's outcome is told once (one key for both): a container that restarts later
    // passes through « starting » again, which is no new deploy, and a crash after a deploy
    // that went live is a crash loop, not a failed deploy.
    const outcome = `deploy:${row.id}:${row.generation}`;
    if (deploying && status === 'RUNNING')
      await emitForDeployment(deps.db, deps.log, row.id, {
        type: 'deployment.succeeded',
        dedupKey: outcome,
      });
    else if (deploying && status === 'FAILED' && !crashing)
      await emitForDeployment(deps.db, deps.log, row.id, {
        type: 'deployment.failed',
        dedupKey: outcome,
        params: { raison: observed.reason ?? '' },
      });
    else if (row.status === 'RUNNING' && status === 'FAILED' && !crashing)
      await emitForDeployment(deps.db, deps.log, row.id, {
        type: 'app.down',
        incident: { key: `down:${row.id}`, phase: 'open' },
        params: { raison: observed.reason ?? '' },
      });
    if (status === 'RUNNING' && row.status !== 'RUNNING')
      await emitForDeployment(deps.db, deps.log, row.id, {
        type: 'app.up',
        incident: { key: `down:${row.id}`, phase: 'close' },
      });
  } catch (err) {
    deps.log.error({ err, deploymentId: row.id }, 'notification of an observation failed');
  }
}

/** Whether containers restart lately (then a stop is a crash, not a « down »). */
async function crashLoopPass(
  deps: Deps,
  row: DeploymentRow,
  status: DeploymentStatus,
  observed: ApplicationObservation,
): Promise<boolean> {
  return watchCrashLoop(
    deps.db,
    deps.log,
    {
      deploymentId: row.id,
      before: row.pods,
      now: observed.pods,
      ready:
        status === 'RUNNING' && observed.pods.every((p) => p.ready || p.status === 'Succeeded'),
      at: new Date(),
    },
    deps.crashLoop,
  );
}
