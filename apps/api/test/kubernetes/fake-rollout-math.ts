import type { Json } from './fake-paths';
import { metaOf } from './fake-owners';

/**
 * The Deployment controller's arithmetic (pkg/controller/deployment/util): fenceposts,
 * how many pods a new ReplicaSet may have, and proportional scaling.
 */

export type IntOrPercent = number | string;

export interface Deployment extends Json {
  spec: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    template: Json;
    progressDeadlineSeconds?: number;
    strategy?: {
      type?: 'RollingUpdate' | 'Recreate';
      rollingUpdate?: { maxSurge?: IntOrPercent; maxUnavailable?: IntOrPercent };
    };
  };
  status?: Json & { replicas?: number; conditions?: Json[] };
}

export interface ReplicaSet extends Json {
  spec: { replicas?: number; template: Json };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    conditions?: Json[];
  };
}

export const ANNOTATIONS = {
  desired: 'deployment.kubernetes.io/desired-replicas',
  max: 'deployment.kubernetes.io/max-replicas',
};

export const sum = <T>(list: [string, T][], of: (item: T) => number) =>
  list.reduce((total, [, item]) => total + of(item), 0);

/** intstr.GetScaledValueFromIntOrPercent. */
function scaled(value: IntOrPercent, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  const percent = Number(value.replace(/%$/, ''));
  const exact = (percent * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

const isRecreate = (d: Deployment) => d.spec.strategy?.type === 'Recreate';

/** ResolveFenceposts: [maxSurge, maxUnavailable] for the Deployment's replicas (defaults 25 %). */
export function fenceposts(d: Deployment): [number, number] {
  if (isRecreate(d)) return [0, 0];
  const replicas = d.spec.replicas ?? 1;
  const rolling = d.spec.strategy?.rollingUpdate ?? {};
  const surge = scaled(rolling.maxSurge ?? '25%', replicas, true);
  const unavailable = scaled(rolling.maxUnavailable ?? '25%', replicas, false);
  // Both resolved to 0 (rounding): one unavailable, "on the theory that surge might not work due to quota".
  return surge === 0 && unavailable === 0 ? [0, 1] : [surge, unavailable];
}

export const maxSurge = (d: Deployment) => fenceposts(d)[0];

/** MaxUnavailable: never more than the replicas. */
export const maxUnavailable = (d: Deployment) => Math.min(fenceposts(d)[1], d.spec.replicas ?? 1);

/** NewRSNewReplicas: the new ReplicaSet grows within replicas + maxSurge pods in all. */
export function newReplicaSetReplicas(d: Deployment, all: ReplicaSet[], newSize: number): number {
  const replicas = d.spec.replicas ?? 1;
  if (isRecreate(d)) return replicas;
  const current = all.reduce((total, rs) => total + (rs.spec.replicas ?? 0), 0);
  const maxTotal = replicas + maxSurge(d);
  if (current >= maxTotal) return newSize;
  return newSize + Math.min(maxTotal - current, replicas - newSize);
}

const created = (rs: ReplicaSet) => Date.parse(String(metaOf(rs).creationTimestamp)) || 0;

/** Go's math.Round: halves away from zero. */
const round = (n: number) => Math.sign(n) * Math.round(Math.abs(n));

/** getReplicaSetFraction: the ReplicaSet's share of the new maximum, minus its size. */
function fraction(rs: ReplicaSet, d: Deployment): number {
  const replicas = d.spec.replicas ?? 1;
  const size = rs.spec.replicas ?? 0;
  if (replicas === 0) return -size;
  const max = replicas + maxSurge(d);
  let before = Number(metaOf(rs).annotations?.[ANNOTATIONS.max] ?? 0);
  if (!before) {
    before = d.status?.replicas ?? 0;
    if (!before) return 0;
  }
  return round((size * max) / before) - size;
}

/**
 * The rolling branch of scale(): the replicas to add (or remove) are shared between the active
 * ReplicaSets in proportion to their size, largest first (the newer on a tie when growing, the
 * older when shrinking); what rounding leaves goes to the first.
 */
export function proportionalSizes(
  d: Deployment,
  active: [string, ReplicaSet][],
): [string, number][] {
  const replicas = d.spec.replicas ?? 1;
  const allowed = replicas > 0 ? replicas + maxSurge(d) : 0;
  const toAdd = allowed - sum(active, (rs) => rs.spec.replicas ?? 0);
  const sorted = [...active].sort(([, a], [, b]) => {
    const bySize = (b.spec.replicas ?? 0) - (a.spec.replicas ?? 0);
    if (bySize !== 0) return bySize;
    return toAdd > 0 ? created(b) - created(a) : created(a) - created(b);
  });
  let added = 0;
  const sizes = sorted.map(([path, rs]) => {
    const size = rs.spec.replicas ?? 0;
    if (toAdd === 0 || size === 0 || toAdd === added) return [path, size] as [string, number];
    const share = fraction(rs, d);
    const proportion = toAdd > 0 ? Math.min(share, toAdd - added) : Math.max(share, toAdd - added);
    added += proportion;
    return [path, size + proportion] as [string, number];
  });
  if (sizes[0] && toAdd !== 0) sizes[0][1] = Math.max(0, sizes[0][1] + toAdd - added);
  return sizes;
}
