import { operationsEvents } from '@nuage/shared/operations-messages';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { deployments, type DeploymentStatus } from '../../db/schema/deployments';
import { withEvent } from '../../db/deployment-events';
import { OBSERVE_EVERY_MS } from './backoff';
import {
  ReleaseNotReadyError,
  RuntimeRejectedError,
  preparationsCarriedBy,
  type ApplicationObservation,
  type RuntimeDriver,
} from '../driver';
import { labelParts, labelRefusal, recordPreparations } from './record-builds';
import { recordNotReady, releaseWentLive } from './release-gate';
import { rollBackUpdate, updateWentLive } from './update-outcome';
import { notifyObservation } from './notify-transitions';
import type { CrashLoopSettings } from './crash-loop';
import { recordFailure } from './record-failure';
import { heldBy, lostLease, nextAttempt, RELEASE } from './row-lease';
import { emitForDeployment } from '../../db/notification-events';
import { repairDrift } from './repair-drift';
import type { ApplicationRef, ApplicationSpec } from '../spec';
import type { ApplicationSpecs } from '../specs/application-specs';
import { replicasToRun, restartPending, type DeploymentRow } from '../specs/spec-for-deployment';
import { reconcileTexts } from '@nuage/shared/messages/reconcile';

export interface ApplicationReconcilerDeps {
  db: Executor;
  driver: RuntimeDriver;
  /** The engine's one way to build a row's spec (application-specs.ts). */
  specs: ApplicationSpecs;
  log: FastifyBaseLogger;
  /**
   * The process holding the application's lease. Every write is fenced by it: a process that
   * lost its lease (paused past its expiry, another process took over) changes nothing.
   */
  owner: string;
  /**
   * Makes sure the application's environment exists in the runtime: once per process, or
   * again with `force` (its objects may have gone with the application's).
   */
  ensureEnvironment(environmentId: string, opts?: { force?: boolean }): Promise<void>;
  /** The application's reservation changed (applied or removed): the quota split follows. */
  quotaChanged?(environmentId: string): Promise<void>;
  /** Keeps the environment's manifests folder current: this application's file after an apply… */
  manifestApplied(environmentId: string, spec: ApplicationSpec): Promise<void>;
  /** …and its removal after the application is gone. */
  manifestRemoved(environmentId: string, name: string): Promise<void>;
  /** When restarts are a crash loop, and when it is over (crash-loop.ts; defaults there). */
  crashLoop?: CrashLoopSettings;
  /** OBSERVE_RUNNING_SECONDS: between two looks at a running application (default 30 s). */
  observeRunningMs?: number;
  /** The application was seen running for the first time (its « site en ligne » mail is due). */
  firstRunning?(deploymentId: string): void;
}

const phaseToStatus: Record<ApplicationObservation['phase'], DeploymentStatus> = {
  absent: 'DEPLOYING',
  starting: 'DEPLOYING',
  running: 'RUNNING',
  failed: 'FAILED',
};

/**
 * Converges one claimed application: removes it, (re)applies its desired generation, honours a
 * restart request, then records what the runtime reports. Writes touch only observed-state
 * columns, so a change the API makes meanwhile is never lost: it bumps `generation` and the
 * next pass applies it.
 */
export async function reconcileApplication(
  deps: ApplicationReconcilerDeps,
  row: DeploymentRow,
  namespace: string,
): Promise<void> {
  const env = { id: row.environmentId };
  const ref: ApplicationRef = {
    deploymentId: row.id,
    name: row.runtimeName,
    namespace,
    replicas: replicasToRun(row),
    ...(row.category === 'DATABASE' && row.settings.stopped === true ? { stopped: true } : {}),
  };
  const where = heldBy(deps, row);

  try {
    if (row.desiredState === 'absent') {
      await deps.driver.remove(ref);
      await deps.db.delete(deployments).where(where);
      await deps.quotaChanged?.(env.id);
      await deps.manifestRemoved(env.id, row.runtimeName);
      deps.log.info({ deploymentId: row.id }, 'application removed from the runtime');
      return;
    }

    await deps.ensureEnvironment(env.id);
    const applying = row.generation > row.observedGeneration;
    if (applying) {
      const spec = await deps.specs.of(row, namespace);
      // The namespace's quota must hold the new reservation before its pods are created.
      await deps.quotaChanged?.(env.id);
      const applied = await deps.driver.apply(spec).catch(labelRefusal(spec));
      const preparations = labelParts(spec, applied.preparations);
      const [kept] = await deps.db
        .update(deployments)
        .set({
          observedGeneration: row.generation,
          runtime: deps.driver.name,
          status: 'DEPLOYING',
          statusReason: null,
          attempts: 0,
          ...releaseWentLive(row),
          events: withEvent(reconcileTexts.applied(row.generation)),
        })
        .where(where)
        .returning({ id: deployments.id });
      if (!kept) return lostLease(deps, row);
      await updateWentLive(deps.db, row);
      await recordPreparations(deps.db, row, deps.driver.name, preparations);
      await deps.manifestApplied(env.id, spec);
    }

    const restartRequested = restartPending(row);
    if (restartRequested) {
      const outcome = await restartOutcome(deps.driver, ref);
      const [kept] = await deps.db
        .update(deployments)
        .set({
          restartObservedAt: row.restartRequestedAt,
          events: withEvent(outcome),
        })
        .where(where)
        .returning({ id: deployments.id });
      if (!kept) return lostLease(deps, row);
    }

    let observed = await deps.driver.status(ref);
    if (!applying && observed.phase !== 'absent') {
      const missing = await adoptForDriftRepair(deps, row, namespace);
      if (missing.length)
        observed = { ...observed, drift: [...(observed.drift ?? []), ...missing] };
    }
    if (observed.drift?.length && !applying && observed.phase !== 'absent') {
      const repaired = await repairDrift(deps, row, namespace, ref, observed.drift, where);
      if (!repaired) return lostLease(deps, row);
      observed = repaired;
    }
    if (observed.phase === 'absent' && !applying && row.status === 'FAILED') {
      // A refused apply left nothing behind: stay FAILED until the desired state changes.
      await deps.db
        .update(deployments)
        .set({ nextAttemptAt: nextAttempt(OBSERVE_EVERY_MS.failed), ...RELEASE })
        .where(where);
      return;
    }
    if (observed.phase === 'absent' && !applying && row.observedGeneration > 0) {
      // Its runtime objects vanished (removed by hand, runtime reset): apply again next pass,
      // in an environment ensured again (its namespace may have gone with them).
      await deps.ensureEnvironment(env.id, { force: true });
      await deps.db
        .update(deployments)
        .set({
          observedGeneration: 0,
          nextAttemptAt: new Date(),
          events: withEvent(reconcileTexts.objectsMissing),
          ...RELEASE,
        })
        .where(where);
      return;
    }
    await recordObservation(deps, row, observed, applying || restartRequested);
  } catch (err) {
    // « Mettre à jour » whose new version failed: the previous tag comes back on its own.
    if (
      err instanceof RuntimeRejectedError &&
      (await rollBackUpdate(deps.db, row, err.message, where))
    ) {
      // A failed pull is part of the built-images history too.
      await recordPreparations(deps.db, row, deps.driver.name, preparationsCarriedBy(err));
      await emitForDeployment(deps.db, deps.log, row.id, {
        type: 'deployment.rolled_back',
        params: { raison: err.message },
      });
      return;
    }
    if (err instanceof ReleaseNotReadyError) {
      await recordNotReady(deps.db, row, err, where);
      // The previous version serves again: the project hears that its deploy was rolled back.
      await emitForDeployment(deps.db, deps.log, row.id, {
        type: 'deployment.rolled_back',
        params: { raison: err.reason },
      });
      return;
    }
    await recordFailure(deps, row, err);
  }
}

/**
 * Restarts the application; answers the event that says how it went. A runtime that replaces
 * replicas before stopping the old ones (docker) may keep the old one when its copy never
 * becomes ready: the application still serves, the request is answered (not retried in a
 * loop), and the history says why nothing changed.
 */
async function restartOutcome(driver: RuntimeDriver, ref: ApplicationRef): Promise<string> {
  try {
    await driver.restart(ref);
    return reconcileTexts.restarted;
  } catch (err) {
    if (err instanceof ReleaseNotReadyError) return operationsEvents.restartNotReady(err.reason);
    throw err;
  }
}

async function recordObservation(
  deps: ApplicationReconcilerDeps,
  row: DeploymentRow,
  observed: ApplicationObservation,
  justChanged: boolean,
) {
  const status = phaseToStatus[observed.phase];
  // After a change (new generation, restart) the outcome is news even if the status is the same.
  const wasRunning = row.status === 'RUNNING' && !justChanged;
  const wasFailed = row.status === 'FAILED' && !justChanged;
  const event =
    status === 'RUNNING' && !wasRunning
      ? withEvent(reconcileTexts.available(observed.readyReplicas))
      : status === 'FAILED' && !wasFailed
        ? withEvent(reconcileTexts.failed(observed.reason))
        : undefined;
  // Running while successors start beside the pods they replace (a restart, a rolling update):
  // looked at again as soon as a starting application, so their readiness shows in seconds.
  // Only a pod on its way (Pending, or Running not yet ready) counts: a finished setup task is
  // never ready and would keep the engine probing the site every second.
  const replacing = observed.pods.some(
    (p) => p.status === 'Pending' || (p.status === 'Running' && !p.ready),
  );
  const next =
    status === 'RUNNING'
      ? replacing
        ? OBSERVE_EVERY_MS.starting
        : (deps.driver.observeRunningEveryMs ?? deps.observeRunningMs ?? OBSERVE_EVERY_MS.running)
      : status === 'FAILED'
        ? OBSERVE_EVERY_MS.failed
        : OBSERVE_EVERY_MS.starting;
  await deps.db
    .update(deployments)
    .set({
      status,
      statusReason: status === 'FAILED' ? observed.reason : null,
      pods: observed.pods,
      images: observed.images,
      applicationUrl: observed.url,
      attempts: 0,
      ...(status === 'RUNNING'
        ? { deployedAt: sql`coalesce(${deployments.deployedAt}, now())` }
        : {}),
      ...(event ? { events: event } : {}),
      nextAttemptAt: nextAttempt(next),
      ...RELEASE,
    })
    .where(heldBy(deps, row));
  if (status === 'RUNNING' && !row.deployedAt) deps.firstRunning?.(row.id);
  await notifyObservation(deps, row, status, observed);
}

/**
 * Runtimes that repair drift from watch events learn, once per process, the spec of an
 * application they did not apply themselves (applied before a restart of the platform). Not
 * while a failed rollout's revert serves: the row then describes the release that failed.
 */
async function adoptForDriftRepair(
  deps: ApplicationReconcilerDeps,
  row: DeploymentRow,
  namespace: string,
): Promise<string[]> {
  if (!deps.driver.adoptForDriftRepair || row.rolloutError) return [];
  return deps.driver.adoptForDriftRepair(row.id, () => deps.specs.of(row, namespace));
}
