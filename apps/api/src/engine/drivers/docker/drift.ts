import { LABELS, type ApplicationRef } from '../../spec';
import type { ContainerInspect, EngineApi } from './engine-api';
import { replicaName } from './labels';
import { componentOf, containerName, replicaIndexOf } from './objects';
import { dockerDriftTexts } from '@nuage/shared/messages/runtime';

/**
 * A container stopped for this long is not being restarted by the engine (its restart policy
 * would have) nor by this driver (a restore stops replicas only within its own serial queue):
 * someone stopped it, or the host rebooted without the engine restarting its containers.
 */
export const STOPPED_DRIFT_MS = 30_000;

/**
 * What the application's containers lack compared with its applied spec, in French, for the
 * events: replicas or the database removed or stopped by hand. The database is known to be
 * wanted by its volume (kept when its container is removed). Empty when nothing is missing.
 */
export async function driftOf(
  api: EngineApi,
  ref: ApplicationRef,
  all: ContainerInspect[],
  now = Date.now(),
): Promise<string[]> {
  const drift: string[] = [];
  for (const c of all) {
    const kind = componentOf(c);
    if (kind !== 'application' && kind !== 'database' && kind !== 'service') continue;
    const s = c.State;
    const stopped = !s.Running && !s.Restarting && s.Status !== 'created';
    if (stopped && now - Date.parse(s.FinishedAt) > STOPPED_DRIFT_MS)
      drift.push(dockerDriftTexts.containerStopped(containerName(c)));
  }
  if (ref.replicas !== undefined) {
    const indexes = new Set(
      all.filter((c) => componentOf(c) === 'application').map((c) => replicaIndexOf(c)),
    );
    for (let i = 0; i < ref.replicas; i++)
      if (!indexes.has(i)) drift.push(dockerDriftTexts.replicaMissing(replicaName(ref.name, i)));
  }
  if (!ref.stopped && !all.some((c) => componentOf(c) === 'database')) {
    const volumes = await api.listVolumes({
      label: [`${LABELS.deploymentId}=${ref.deploymentId}`, `${LABELS.component}=database`],
    });
    if (volumes.length) drift.push(dockerDriftTexts.databaseMissing(ref.name));
  }
  return drift;
}
