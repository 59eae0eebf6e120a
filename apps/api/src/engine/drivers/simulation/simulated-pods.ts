import type { PodState } from '../../../db/schema/deployments';

/** A simulated pod is "starting" for this long after (re)start, then ready. */
export const SIMULATED_START_MS = 1500;

export function simulatedPodName(app: string, generation: number, index: number): string {
  // The word "simule" in every pod name: nobody mistakes it for a real pod.
  return `${app}-simule-g${generation}-${index}`;
}

export function simulatedPods(opts: {
  name: string;
  podGeneration: number;
  podStarts: string[];
  /** Pods a restart replaced: listed, serving, until every successor is ready. */
  replacedPods?: { generation: number; starts: string[] } | null;
  now: Date;
  failure: string | null;
  /** The application's image, then its database's when it has one (a code application has none). */
  images: string[];
}): PodState[] {
  const podsOf = (generation: number, starts: string[]): PodState[] =>
    starts.map((start, index) => {
      const ready =
        !opts.failure && opts.now.getTime() - new Date(start).getTime() >= SIMULATED_START_MS;
      return {
        name: simulatedPodName(opts.name, generation, index),
        status: opts.failure ? 'Failed' : ready ? 'Running' : 'Pending',
        ready,
        restarts: 0,
      };
    });
  const pods = podsOf(opts.podGeneration, opts.podStarts);
  const replaced = opts.replacedPods;
  if (replaced && pods.some((p) => !p.ready))
    pods.push(...podsOf(replaced.generation, replaced.starts));
  if (opts.images.length > 1)
    pods.push({ name: `${opts.name}-db-simule-0`, status: 'Running', ready: true, restarts: 0 });
  return pods;
}

/** Deterministic, gently varying usage, so charts move without random noise. */
export function simulatedUsage(
  limit: number,
  seed: number,
  now: Date,
  low: number,
  high: number,
): number {
  const phase = (now.getTime() / 60_000 + seed) % (2 * Math.PI);
  const ratio = low + ((high - low) * (Math.sin(phase) + 1)) / 2;
  return Math.round(limit * ratio);
}
