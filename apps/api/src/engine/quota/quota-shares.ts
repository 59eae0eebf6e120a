/**
 * How a project's quota is split between its environments' namespaces on Kubernetes, where
 * each namespace has its own ResourceQuota: giving each the whole project quota would let N
 * environments use N times it. Each environment gets what its applications reserve (so they
 * always fit) plus an equal share of what the project has not reserved (so the next deploy or
 * scale finds room before the redistribution catches up); the sum never exceeds the project
 * quota.
 */

export interface Quantities {
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
}

const DIMENSIONS = ['cpuMilli', 'ramMb', 'storageMb'] as const;

export function quotaShares(project: Quantities, reserved: readonly Quantities[]): Quantities[] {
  const n = reserved.length;
  if (n === 0) return [];
  const out = reserved.map(() => ({ cpuMilli: 0, ramMb: 0, storageMb: 0 }));
  for (const d of DIMENSIONS) {
    const total = reserved.reduce((sum, r) => sum + r[d], 0);
    if (total >= project[d]) {
      // Over-reserved (the project quota was lowered below what exists): shares proportional to
      // reservations, rounded down, so the sum still stays within the project quota.
      reserved.forEach((r, i) => {
        out[i]![d] = total === 0 ? 0 : Math.floor((r[d] * project[d]) / total);
      });
      continue;
    }
    const spare = Math.floor((project[d] - total) / n);
    reserved.forEach((r, i) => {
      out[i]![d] = r[d] + spare;
    });
  }
  return out;
}

/**
 * The two steps that move namespaces from `current` to `next` without their sum ever exceeding
 * the larger of the two sums: first every dimension that goes down, then those that go up.
 */
export function redistributionSteps(
  current: readonly (Quantities | null)[],
  next: readonly Quantities[],
): [lowered: Quantities[], final: Quantities[]] {
  const lowered = next.map((target, i) => {
    const now = current[i];
    if (!now) return { cpuMilli: 0, ramMb: 0, storageMb: 0 };
    return {
      cpuMilli: Math.min(now.cpuMilli, target.cpuMilli),
      ramMb: Math.min(now.ramMb, target.ramMb),
      storageMb: Math.min(now.storageMb, target.storageMb),
    };
  });
  return [lowered, [...next]];
}

export const sameQuantities = (a: Quantities | null, b: Quantities) =>
  !!a && a.cpuMilli === b.cpuMilli && a.ramMb === b.ramMb && a.storageMb === b.storageMb;
