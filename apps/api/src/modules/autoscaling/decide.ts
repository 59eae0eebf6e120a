/**
 * The automatic scaling's decision for one application (issue 28 item 5), pure: the platform's
 * loop (worker.ts) gathers the numbers, this says what to do. One step at a time, within
 * [min, max]; the quota is checked by the caller, which applies the step.
 */

export interface ScalePolicy {
  minReplicas: number;
  maxReplicas: number;
  /** Percent of one replica's limit, averaged over the replicas. */
  cpuTargetPercent: number;
  memoryTargetPercent: number | null;
  lastScaleUpAt: Date | null;
  lastScaleDownAt: Date | null;
}

export interface ScaleTimings {
  upCooldownMs: number;
  downCooldownMs: number;
  /**
   * Hysteresis: a scale-down happens only when the load, spread over one replica fewer, stays
   * below this share of the target (0.8: a 60 % target scales down under a projected 48 %), so
   * the step down never triggers the next step up.
   */
  downMargin: number;
}

/** The window's average usage, in percent of one replica's limit; null without samples. */
export interface ScaleLoad {
  cpuPercent: number | null;
  memoryPercent: number | null;
}

export type ScaleReason =
  | { kind: 'load'; resource: 'cpu' | 'memory'; value: number; target: number }
  | { kind: 'bounds'; min: number; max: number };

export type ScaleDecision =
  | { action: 'up' | 'down'; to: number; reason: ScaleReason }
  | { action: 'none'; why: 'no-data' | 'in-range' | 'cooldown' | 'at-max' | 'at-min' };

const elapsed = (since: Date | null, now: Date) =>
  since ? now.getTime() - since.getTime() : Number.POSITIVE_INFINITY;

export function decideScale(input: {
  replicas: number;
  policy: ScalePolicy;
  load: ScaleLoad;
  timings: ScaleTimings;
  now: Date;
}): ScaleDecision {
  const { replicas: n, policy: p, load, timings: t, now } = input;
  const bounds: ScaleReason = { kind: 'bounds', min: p.minReplicas, max: p.maxReplicas };
  // Outside the bounds (just set, or changed by hand): back inside, one step, no cool-down.
  if (n < p.minReplicas) return { action: 'up', to: n + 1, reason: bounds };
  if (n > p.maxReplicas) return { action: 'down', to: n - 1, reason: bounds };
  if (load.cpuPercent === null) return { action: 'none', why: 'no-data' };

  const over = overTarget(load, p);
  if (over) {
    if (n >= p.maxReplicas) return { action: 'none', why: 'at-max' };
    const lastScale = Math.min(elapsed(p.lastScaleUpAt, now), elapsed(p.lastScaleDownAt, now));
    if (lastScale < t.upCooldownMs) return { action: 'none', why: 'cooldown' };
    return { action: 'up', to: n + 1, reason: over };
  }
  if (n <= p.minReplicas) return { action: 'none', why: 'at-min' };
  const spread = (percent: number) => (percent * n) / (n - 1);
  const cpuLow = spread(load.cpuPercent) < p.cpuTargetPercent * t.downMargin;
  const memoryLow =
    p.memoryTargetPercent === null ||
    load.memoryPercent === null ||
    spread(load.memoryPercent) < p.memoryTargetPercent * t.downMargin;
  if (!cpuLow || !memoryLow) return { action: 'none', why: 'in-range' };
  const lastScale = Math.min(elapsed(p.lastScaleUpAt, now), elapsed(p.lastScaleDownAt, now));
  if (lastScale < t.downCooldownMs) return { action: 'none', why: 'cooldown' };
  return {
    action: 'down',
    to: n - 1,
    reason: {
      kind: 'load',
      resource: 'cpu',
      value: Math.round(load.cpuPercent),
      target: p.cpuTargetPercent,
    },
  };
}

function overTarget(load: ScaleLoad, p: ScalePolicy): ScaleReason | null {
  if (load.cpuPercent !== null && load.cpuPercent > p.cpuTargetPercent) {
    return {
      kind: 'load',
      resource: 'cpu',
      value: Math.round(load.cpuPercent),
      target: p.cpuTargetPercent,
    };
  }
  if (
    p.memoryTargetPercent !== null &&
    load.memoryPercent !== null &&
    load.memoryPercent > p.memoryTargetPercent
  ) {
    return {
      kind: 'load',
      resource: 'memory',
      value: Math.round(load.memoryPercent),
      target: p.memoryTargetPercent,
    };
  }
  return null;
}
