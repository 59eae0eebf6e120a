import type { PodState } from '../../../db/schema/deployments';
import type { ApplicationObservation } from '../../driver';
import type { ApplicationRef } from '../../spec';
import type { ContainerInspect, EngineApi } from './engine-api';
import type { EdgeRouter } from './edge/edge-router';
import { healthOf, sortReplicas, type Health } from './replica-health';
import { applicationContainers, componentOf, containerName, labelsOf } from './objects';
import { isDatabaseEngine } from '@nuage/shared/database-engines';
import { LABELS } from '../../spec';
import { driftOf } from './drift';
import { serviceHealthy } from './stack';

/** Restarts in a row after which a container that is not ready is said to keep exiting. */
const CRASH_RESTARTS = 3;
/** An exited container the engine has not restarted for this long is not coming back. */
const STOPPED_FOR_MS = 30_000;

/** Every replica of the application with its readiness (what the edge proxy routes to). */
export async function replicaHealth(api: EngineApi, ref: ApplicationRef): Promise<Health[]> {
  const all = await applicationContainers(api, ref.deploymentId, ref.name);
  return Promise.all(sortReplicas([...all.values()]).map(healthOf));
}

type PodStatus = 'Running' | 'Pending' | 'Failed' | 'Succeeded';

function podStatus(h: Health, now: number): PodStatus {
  const s = h.container.State;
  if (s.Status === 'created' || s.Status === 'paused') return 'Pending';
  const recentStart = now - Date.parse(s.StartedAt) < 60_000;
  const looping = h.container.RestartCount >= CRASH_RESTARTS && !h.ready;
  if (s.Running && !s.Restarting) return looping && recentStart ? 'Failed' : 'Running';
  const stoppedLong = now - Date.parse(s.FinishedAt) > STOPPED_FOR_MS;
  return looping || s.OOMKilled || stoppedLong ? 'Failed' : 'Pending';
}

function setupStatus(c: ContainerInspect): PodStatus {
  if (c.State.Running || c.State.Restarting) return 'Running';
  if (c.State.Status === 'created') return 'Pending';
  return c.State.ExitCode === 0 ? 'Succeeded' : 'Failed';
}

/**
 * "<name>: exit code N: <last log line>". A crash-looping container seen while the engine has
 * just restarted it no longer has its exit code (engines reset it to 0): the restarts say it.
 */
async function exitReason(api: EngineApi, c: ContainerInspect): Promise<string> {
  const lines = (await api.logs(c.Id, 20).catch(() => ''))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const how =
    c.State.Running && !c.State.Restarting
      ? `restarted ${c.RestartCount} times`
      : `exit code ${c.State.ExitCode}${c.State.OOMKilled ? ' (out of memory)' : ''}`;
  const last = lines.at(-1);
  return `${containerName(c)}: ${how}${last ? `: ${last}` : ''}`;
}

/**
 * failed: a replica or the database keeps exiting; running: every replica and the database are
 * ready and no setup task is at work (WordPress answers 500 while `wp core install` writes its
 * tables: « En ligne » then would send the first visitor an error); starting otherwise. A setup
 * task that failed or never started does not hold the application back (the site runs; the
 * reason is shown).
 */
export function phaseOf(s: {
  failed: boolean;
  /** It has something to run: an application replica, or a database of the environment. */
  serving: boolean;
  allReady: boolean;
  setupRunning: boolean;
}): 'failed' | 'running' | 'starting' {
  if (s.failed) return 'failed';
  return s.serving && s.allReady && !s.setupRunning ? 'running' : 'starting';
}

/**
 * Containers by label → phase. running: every replica and the database answer their
 * readiness probe; failed: one keeps exiting; absent: nothing of the application exists.
 * drift: what was removed or stopped by hand (drift.ts), for the reconciler to apply again.
 */
export async function observe(
  api: EngineApi,
  router: EdgeRouter,
  ref: ApplicationRef,
): Promise<ApplicationObservation> {
  const all = [...(await applicationContainers(api, ref.deploymentId, ref.name)).values()];
  // A database its user stopped (issue 25): nothing running is its converged state.
  if (!all.length && ref.stopped)
    return { phase: 'running', pods: [], readyReplicas: 0, url: null, reason: null, images: [] };
  if (!all.length) {
    await router.forget(ref.deploymentId);
    return { phase: 'absent', pods: [], readyReplicas: 0, url: null, reason: null, images: [] };
  }
  const now = Date.now();
  const replicas = await Promise.all(sortReplicas(all).map(healthOf));
  const database = await Promise.all([
    ...all.filter((c) => componentOf(c) === 'database').map(healthOf),
    // A Compose application's other services: ready once running and, with a healthcheck, healthy.
    ...all
      .filter((c) => componentOf(c) === 'service')
      .map(async (c) => ({ container: c, ready: await serviceHealthy(api, c) })),
  ]);
  const setup = all.filter((c) => componentOf(c) === 'setup');

  const pods: PodState[] = [];
  const failures: string[] = [];
  for (const h of [...replicas, ...database]) {
    const status = podStatus(h, now);
    if (status === 'Failed') failures.push(await exitReason(api, h.container));
    pods.push({
      name: containerName(h.container),
      status,
      ready: h.ready,
      restarts: h.container.RestartCount,
    });
  }
  const notes: string[] = [];
  for (const c of setup) {
    const status = setupStatus(c);
    if (status === 'Failed') notes.push(`setup task failed: ${await exitReason(api, c)}`);
    pods.push({ name: containerName(c), status, ready: false, restarts: c.RestartCount });
  }

  // Each look refreshes the proxy's view of the replicas (a crash, a replica back).
  await router.publish(ref, replicas);
  const url = replicas.length ? await router.urlOf(ref.deploymentId) : null;
  const readyReplicas = replicas.filter((h) => h.ready).length;
  // A database of the environment (issue 25) is its database container alone.
  const databaseOnly =
    replicas.length === 0 &&
    database.some((h) => isDatabaseEngine(labelsOf(h.container)[LABELS.name] ?? ''));
  const phase = phaseOf({
    failed: failures.length > 0,
    serving: replicas.length > 0 || databaseOnly,
    allReady: [...replicas, ...database].every((h) => h.ready),
    setupRunning: setup.some((c) => setupStatus(c) === 'Running'),
  });
  const images = [...replicas, ...database]
    .filter((h) => h.container.State.Running)
    .map((h) => h.container.Config.Image);
  return {
    phase,
    pods,
    readyReplicas,
    url,
    reason: [...failures, ...notes].join('; ') || null,
    images: [...new Set(images)],
    drift: await driftOf(api, ref, all, now),
  };
}
