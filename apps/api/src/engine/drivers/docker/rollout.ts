import { ReleaseNotReadyError } from '../../driver';
import type { ContainerInspect, EngineApi } from './engine-api';
import { parseTemplate, replicaPlan, type ContainerPlan } from './container-spec';
import { DOCKER_LABELS, replicaName } from './labels';
import {
  componentOf,
  containerName,
  createAndStart,
  labelsOf,
  replicaIndexOf,
  startIfStopped,
  STOP_GRACE_SECONDS,
} from './objects';
import { probeContainer } from './probes';
import type { OwnedFile } from './secret-files';
import { rolloutFailureTexts } from '@nuage/shared/messages/runtime';

/**
 * Zero-downtime replica changes (issue 12). Each replica index has two name slots; a replica
 * whose spec changed gets its successor in the free slot, and the old container is taken out
 * of the routing table and stopped only once the successor answers its readiness probe.
 * Health-gated (issue 13): a successor that exits, crash-loops or is not ready within
 * `readyWaitMs` is removed instead, the old replica keeps serving, and the rollout stops with
 * a ReleaseNotReadyError (the reconciler points the application back at what serves).
 * The database is not touched here.
 */

export interface RolloutHooks {
  /** Routes traffic to the live replicas except `retiring` (called before any is stopped). */
  publish(retiring: Set<string>): Promise<void>;
  /**
   * Waits (bounded) for the requests the proxy is still sending to these replicas, taken out
   * of the routes just before, so that stopping them cuts none (a 502 otherwise).
   */
  drain(retiring: ContainerInspect[]): Promise<void>;
  filesFor(plan: ContainerPlan, id: string): Promise<OwnedFile[]>;
  readyWaitMs: number;
}

const POLL_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const live = (c: ContainerInspect) => c.State.Running || c.State.Restarting;

/** True once the container answers its readiness probe; false at the deadline. */
export async function waitReady(api: EngineApi, id: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await api.inspectContainer(id);
    if (!c) return false;
    const template = parseTemplate(labelsOf(c));
    if (!template?.probe) return c.State.Running;
    if (await probeContainer(c, template)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}

/** Restarts after which a successor that never became ready counts as crash-looping. */
const CRASH_LOOP_RESTARTS = 2;

/**
 * Waits for a successor's readiness, giving up early when it exited or keeps restarting.
 * Answers null once ready, else why not (French, shown to the user).
 */
export async function waitReadyOrFailure(
  api: EngineApi,
  id: string,
  timeoutMs: number,
): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await api.inspectContainer(id);
    if (!c) return rolloutFailureTexts.containerGone;
    const template = parseTemplate(labelsOf(c));
    const running = c.State.Running && !c.State.Restarting;
    if (running && (!template?.probe || (await probeContainer(c, template)))) return null;
    const exited = !c.State.Running && !c.State.Restarting && c.State.Status !== 'created';
    if (exited || c.RestartCount >= CRASH_LOOP_RESTARTS) return exitDescription(api, c);
    if (Date.now() >= deadline) {
      return rolloutFailureTexts.notReadyIn(Math.round(timeoutMs / 1000));
    }
    await sleep(POLL_MS);
  }
}

/** "le conteneur s'est arrêté (code de sortie 1) : <its last log line>". */
async function exitDescription(api: EngineApi, c: ContainerInspect): Promise<string> {
  const last = (await api.logs(c.Id, 20).catch(() => ''))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  const how =
    c.RestartCount >= CRASH_LOOP_RESTARTS
      ? rolloutFailureTexts.crashLoop(c.RestartCount)
      : rolloutFailureTexts.exited(c.State.ExitCode, c.State.OOMKilled);
  return last ? `${how} : ${last.slice(0, 300)}` : how;
}

/** Application containers by replica index (two during a replacement). */
export function replicasByIndex(
  existing: Iterable<ContainerInspect>,
): Map<number, ContainerInspect[]> {
  const out = new Map<number, ContainerInspect[]>();
  for (const c of existing) {
    const i = replicaIndexOf(c);
    if (componentOf(c) !== 'application' || !Number.isInteger(i)) continue;
    out.set(i, [...(out.get(i) ?? []), c]);
  }
  return out;
}

/**
 * Brings replicas 0…n-1 to `app`, one index at a time, and removes those ≥ n after they left
 * the routing table. Returns the names of the replicas kept.
 */
export async function rollReplicas(
  api: EngineApi,
  app: ContainerPlan,
  replicas: number,
  existing: Iterable<ContainerInspect>,
  hooks: RolloutHooks,
): Promise<Set<string>> {
  const byIndex = replicasByIndex(existing);
  const kept = new Set<string>();
  for (let i = 0; i < replicas; i++) {
    const mine = byIndex.get(i) ?? [];
    const current = mine.find(
      (c) => labelsOf(c)[DOCKER_LABELS.specHash] === app.hash && c.State.Status !== 'created',
    );
    if (current && (live(current) || (await startIfStopped(api, current)))) {
      kept.add(containerName(current));
      // What an interrupted replacement left besides it.
      await retire(
        api,
        mine.filter((c) => c !== current),
        hooks,
      );
      continue;
    }
    const slotZeroLive = mine.some((c) => containerName(c) === replicaName(app.name, i) && live(c));
    const plan = replicaPlan(app, i, slotZeroLive ? 1 : 0);
    const inSlot = mine.find((c) => containerName(c) === plan.name);
    if (inSlot) await api.removeContainer(inSlot.Id, live(inSlot) ? STOP_GRACE_SECONDS : 0);
    const id = await createAndStart(api, plan, (created) => hooks.filesFor(plan, created));
    const old = mine.filter((c) => c !== inSlot);
    if (old.some(live)) {
      const failure = await waitReadyOrFailure(api, id, hooks.readyWaitMs);
      if (failure) {
        // The old replica never left the routing table: only the successor goes.
        const created = await api.inspectContainer(id);
        if (created) await retire(api, [created], hooks);
        await hooks.publish(new Set());
        throw new ReleaseNotReadyError(failure);
      }
    }
    kept.add(plan.name);
    await retire(api, old, hooks);
  }
  const extra = [...byIndex].filter(([i]) => i >= replicas).flatMap(([, cs]) => cs);
  await retire(api, extra, hooks);
  return kept;
}

/** Out of the routing table first, then stopped with the grace period (requests finish). */
export async function retire(
  api: EngineApi,
  cs: ContainerInspect[],
  hooks: RolloutHooks,
): Promise<void> {
  if (!cs.length) return;
  await hooks.publish(new Set(cs.map(containerName)));
  await hooks.drain(cs.filter(live));
  for (const c of cs) await api.removeContainer(c.Id, live(c) ? STOP_GRACE_SECONDS : 0);
}
