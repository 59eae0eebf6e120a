import type { Missing } from '@nuage/shared/cluster-messages';
import type { Demand } from './pod-quota';

/**
 * How a Deployment rolls so that every pod the Deployment controller creates fits in the
 * namespace's quota (issue 23, defects 1 and 2: a surge pod the quota refuses left a scale
 * 1→3 reverted, and a restart stuck, under a fully used quota).
 *
 * What the controller does, and so what the application's pods take at most at once:
 * - a new replica count together with a new template (a catalogue application's per-replica
 *   share changes with its replicas: 375 m each for one, 458 m each for three) is first a
 *   scaling event: the serving ReplicaSet goes to the new count with the OLD template;
 * - then RollingUpdate: with maxSurge s and maxUnavailable u, at most replicas + s pods, at
 *   most `replicas` of each template: with old pods of `o` and new ones of `n`, the peak is
 *   replicas × max(o, n) + s × min(o, n).
 * So with a surge of 1 the peak is max(current, N × o, N × max(o, n) + min(o, n)); without
 * surge (maxSurge 0, maxUnavailable 1) it is max(current, N × o, N × max(o, n)), which never
 * exceeds both what runs now and what the new reservation holds, except when a replica count
 * goes up while each pod shrinks (fewer resources per replica and more replicas at once).
 *
 * The plan keeps the surge (no replica stops before its replacement is ready) when the quota
 * holds its peak beside everything else in the namespace; otherwise a catalogue application
 * rolls without surge (a short loss of capacity instead of a refused update); a code
 * application's release promises that the serving one stays until the new one is ready, so
 * it keeps the surge or is refused before anything changes, as is an update whose peak fits in
 * neither. Refusals the controller still meets on the way are transient (a stopped pod's
 * quota comes back at the end of its grace period): rollout-gate.ts waits them out.
 */

export const SURGE = {
  type: 'RollingUpdate' as const,
  rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
};
export const NO_SURGE = {
  type: 'RollingUpdate' as const,
  rollingUpdate: { maxSurge: 0, maxUnavailable: 1 },
};
export type RolloutStrategy = typeof SURGE | typeof NO_SURGE;

export interface RolloutShape {
  /** What the application's pods take now (terminating ones included: they still count). */
  current: Demand;
  /** The live Deployment's replicas and one pod of its template. */
  from: { replicas: number; pod: Demand };
  /** The applied Deployment's replicas and one pod of its template. */
  to: { replicas: number; pod: Demand };
}

const DIMENSIONS = ['cpuMilli', 'ramMb'] as const;

/** The most the application's pods take at once during the rollout, with a surge of 0 or 1. */
export function rolloutPeak(shape: RolloutShape, surge: 0 | 1): Demand {
  const peak = { cpuMilli: 0, ramMb: 0 };
  const n = shape.to.replicas;
  for (const d of DIMENSIONS) {
    const o = shape.from.pod[d];
    const next = shape.to.pod[d];
    peak[d] = Math.max(shape.current[d], n * o, n * Math.max(o, next) + surge * Math.min(o, next));
  }
  return peak;
}

export type RolloutPlan = { strategy: RolloutStrategy } | { missing: Missing };

/**
 * The strategy to roll with, given the room the quota leaves the application's pods (its hard
 * limits minus what everything else in the namespace uses), or what is missing.
 */
export function planRollout(opts: {
  shape: RolloutShape;
  room: Demand;
  /** A code application's release: the serving pods stay until the new ones are ready. */
  surgeRequired: boolean;
}): RolloutPlan {
  const within = (peak: Demand) => DIMENSIONS.every((d) => peak[d] <= opts.room[d]);
  const surge = rolloutPeak(opts.shape, 1);
  if (within(surge)) return { strategy: SURGE };
  const steady = rolloutPeak(opts.shape, 0);
  if (!opts.surgeRequired && within(steady)) return { strategy: NO_SURGE };
  const peak = opts.surgeRequired ? surge : steady;
  const short = (d: (typeof DIMENSIONS)[number]) =>
    peak[d] > opts.room[d] ? Math.ceil(peak[d] - opts.room[d]) : null;
  return { missing: { cpuMilli: short('cpuMilli'), ramMb: short('ramMb') } };
}
