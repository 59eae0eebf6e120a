import { createHash } from 'node:crypto';
import { clusterMessages } from '@nuage/shared/cluster-messages';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import { ReleaseNotReadyError, RuntimeRejectedError } from '../../driver';
import type { JobObject, KubeObject } from '../../manifests/types';
import { LABELS, MANAGED_BY, type ApplicationSpec } from '../../spec';
import type { KubeClient } from './kube-client';
import { type Demand, podDemand, readQuota } from './pod-quota';
import type { WatchCache } from './watch-cache';

/**
 * The setup Job (wp-cli's install, Odoo's init…) outside the application's reservation (issue
 * 23, defect 3): its pod is created at once and waits for the application in its init
 * container, so in a namespace whose quota is all reserved it was refused forever while the
 * application showed RUNNING. Before a setup starts, the quota must hold it beside every
 * workload of the namespace at its full size (this application's new shape included), or
 * what runs now if more: otherwise it could take the room the application's own pods need.
 * When it does not fit, nothing is applied and the reason is the application's, in French.
 * A setup already created with the same spec starts no pod: nothing to check.
 */

export const SPEC_HASH = 'nuagedeploy.io/spec-hash';

export const jobSpecHash = (job: JobObject) =>
  createHash('sha256')
    .update(JSON.stringify(job.spec ?? {}))
    .digest('hex')
    .slice(0, 16);

const add = (a: Demand, b: Demand, times = 1): Demand => ({
  cpuMilli: a.cpuMilli + b.cpuMilli * times,
  ramMb: a.ramMb + b.ramMb * times,
});

const running = (job: IJob) =>
  !job.spec?.suspend &&
  !(job.status?.conditions ?? []).some(
    (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );

/** Every platform workload of the namespace at its full size, this application's as rendered. */
async function expectedUse(
  cache: WatchCache,
  spec: ApplicationSpec,
  objects: KubeObject[],
  setupName: string,
): Promise<Demand> {
  const ns = spec.namespace;
  const platform = { [LABELS.managedBy]: MANAGED_BY };
  const ours = (o: { metadata?: { labels?: Record<string, string> } }) =>
    o.metadata?.labels?.[LABELS.deploymentId] === spec.deploymentId;
  let total: Demand = { cpuMilli: 0, ramMb: 0 };
  for (const d of await cache.objects<IDeployment>(ns, 'Deployment', platform))
    if (!ours(d)) total = add(total, podDemand(d.spec?.template.spec), d.spec?.replicas ?? 1);
  for (const s of await cache.objects<IStatefulSet>(ns, 'StatefulSet', platform))
    if (!ours(s)) total = add(total, podDemand(s.spec?.template.spec), s.spec?.replicas ?? 1);
  for (const j of await cache.objects<IJob>(ns, 'Job', platform))
    if (running(j) && j.metadata?.name !== setupName)
      total = add(total, podDemand(j.spec?.template.spec));
  for (const o of objects)
    if (o.kind === 'Deployment' || o.kind === 'StatefulSet')
      total = add(total, podDemand(o.spec?.template.spec), o.spec?.replicas ?? 1);
  return total;
}

/** Refuses (in French, before anything is applied) a setup the quota cannot hold. */
export async function assertSetupFits(
  deps: { client: KubeClient; cache: WatchCache },
  spec: ApplicationSpec,
  objects: KubeObject[],
  serving: boolean,
): Promise<void> {
  const job = objects.find(
    (o): o is JobObject => o.kind === 'Job' && o.metadata.labels?.[LABELS.component] === 'setup',
  );
  if (!job) return;
  const hash = jobSpecHash(job);
  (job.metadata.annotations ??= {})[SPEC_HASH] = hash;
  const live = (
    await deps.cache.objects<IJob>(spec.namespace, 'Job', {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.deploymentId]: spec.deploymentId,
    })
  ).find((j) => j.metadata?.name === job.metadata.name);
  if (live?.metadata?.annotations?.[SPEC_HASH] === hash) return;
  const quota = await readQuota(deps.client, spec.namespace);
  if (!Number.isFinite(quota.hard.cpuMilli) && !Number.isFinite(quota.hard.ramMb)) return;
  const expected = await expectedUse(deps.cache, spec, objects, job.metadata.name);
  const need = podDemand(job.spec?.template.spec);
  const short = (d: keyof Demand) => {
    const busy = Math.max(expected[d], quota.used[d]);
    const over = busy + need[d] - quota.hard[d];
    return over > 0 ? Math.ceil(over) : null;
  };
  const missing = { cpuMilli: short('cpuMilli'), ramMb: short('ramMb') };
  if (missing.cpuMilli === null && missing.ramMb === null) return;
  const message = clusterMessages.setupNoRoom(need, missing);
  throw serving ? new ReleaseNotReadyError(message) : new RuntimeRejectedError(message);
}
