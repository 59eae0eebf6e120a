import { RuntimeRejectedError } from '../../driver';
import { QUOTA_NAME } from '../../manifests/namespace';
import type { JobObject } from '../../manifests/types';
import { type KubeClient, isNotFound } from './kube-client';
import { objectPath } from './paths';
import { cpuMilli, ramMb } from './quantities';
import { podFailureTexts } from '@nuage/shared/messages/runtime';

/**
 * A backup, restore or test-restore Job's pod is counted against its namespace's
 * ResourceQuota like the application's own pods (limits.cpu, limits.memory; the platform
 * declares requests = limits, in the units the quota is written in: millicores and SI
 * megabytes, the way engine/quota/project-quota.ts counts reservations). A Job that does not fit is
 * refused here, in French, instead of a pod the API server refuses over and over while the Job
 * waits for its deadline.
 */

export interface Demand {
  cpuMilli: number;
  ramMb: number;
}

type Resources = { limits?: Record<string, unknown> } | undefined;
interface PodSpecLike {
  containers?: { resources?: unknown }[];
  initContainers?: { resources?: unknown }[];
}
const demandOf = (r: Resources): Demand => ({
  cpuMilli: cpuMilli(r?.limits?.cpu as string | undefined),
  ramMb: ramMb(r?.limits?.memory as string | undefined),
});

/**
 * What the quota charges for one pod: its containers together, or its largest init container if
 * more (init containers run one at a time, before them), as the API server counts.
 */
export function podDemand(pod: PodSpecLike | undefined): Demand {
  const sum = (pod?.containers ?? []).reduce<Demand>(
    (total, c) => {
      const d = demandOf(c.resources as Resources);
      return { cpuMilli: total.cpuMilli + d.cpuMilli, ramMb: total.ramMb + d.ramMb };
    },
    { cpuMilli: 0, ramMb: 0 },
  );
  for (const c of pod?.initContainers ?? []) {
    const d = demandOf(c.resources as Resources);
    sum.cpuMilli = Math.max(sum.cpuMilli, d.cpuMilli);
    sum.ramMb = Math.max(sum.ramMb, d.ramMb);
  }
  return sum;
}

/** What the quota charges for the Job's pod. */
export const jobDemand = (job: JobObject): Demand => podDemand(job.spec?.template.spec);

interface QuotaJson {
  spec?: { hard?: Record<string, string> };
  status?: { hard?: Record<string, string>; used?: Record<string, string> };
}

interface Room {
  cpuMilli: number;
  ramMb: number;
}

/** A namespace's quota in millicores and SI MB: its hard limits (infinite where none) and use. */
export interface NamespaceQuota {
  hard: Demand;
  used: Demand;
}

/**
 * The namespace's ResourceQuota now: the limits the platform set (spec, which the API server
 * enforces as soon as the quota controller has copied them) and what its live pods use (the
 * controller's status.used); no limit where the namespace has no quota.
 */
export async function readQuota(client: KubeClient, namespace: string): Promise<NamespaceQuota> {
  let quota: QuotaJson;
  try {
    quota = await client.json<QuotaJson>(
      'GET',
      objectPath({
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: QUOTA_NAME, namespace },
      }),
    );
  } catch (error) {
    // No quota in the namespace: nothing caps the pod.
    if (isNotFound(error))
      return { hard: { cpuMilli: Infinity, ramMb: Infinity }, used: { cpuMilli: 0, ramMb: 0 } };
    throw error;
  }
  const hard = quota.spec?.hard ?? quota.status?.hard ?? {};
  const used = quota.status?.used ?? {};
  const limit = (q: string | undefined, parse: (q: string | undefined) => number) =>
    q === undefined ? Number.POSITIVE_INFINITY : parse(q);
  return {
    hard: {
      cpuMilli: limit(hard['limits.cpu'], cpuMilli),
      ramMb: limit(hard['limits.memory'], ramMb),
    },
    used: { cpuMilli: cpuMilli(used['limits.cpu']), ramMb: ramMb(used['limits.memory']) },
  };
}

/**
 * The room the namespace's quota leaves now (hard − used + `freed`), in millicores and SI MB;
 * infinite where the quota sets no limit or the namespace has no quota.
 */
async function quotaRoom(client: KubeClient, namespace: string, freed: Demand): Promise<Room> {
  const { hard, used } = await readQuota(client, namespace);
  return {
    cpuMilli: hard.cpuMilli - used.cpuMilli + freed.cpuMilli,
    ramMb: hard.ramMb - used.ramMb + freed.ramMb,
  };
}

export const fits = (need: Demand, room: Room) =>
  need.cpuMilli <= room.cpuMilli && need.ramMb <= room.ramMb;

/**
 * Refuses (RuntimeRejectedError) a Job whose pod the namespace's quota cannot hold now.
 * `freed`: what stops just before the Job starts (a restore stops the application first).
 */
export async function assertJobFits(
  client: KubeClient,
  namespace: string,
  job: JobObject,
  what: string,
  freed: Demand = { cpuMilli: 0, ramMb: 0 },
): Promise<void> {
  const need = jobDemand(job);
  const room = await quotaRoom(client, namespace, freed);
  if (fits(need, room)) return;
  const free = (n: number) => Math.max(0, Number.isFinite(n) ? n : 0);
  throw new RuntimeRejectedError(
    podFailureTexts.jobOverQuota(what, need, {
      cpuMilli: free(room.cpuMilli),
      ramMb: free(room.ramMb),
    }),
  );
}
