import { ReleaseNotReadyError } from '../../driver';
import { replicaPlan } from './container-spec';
import type { ContainerInspect, EngineApi } from './engine-api';
import { replicaName } from './labels';
import { containerName, createAndStart } from './objects';
import { planOfReplica } from './replica-copy';
import { live, replicasByIndex, retire, waitReadyOrFailure, type RolloutHooks } from './rollout';

/**
 * « Redémarrer » without a dropped request, one replica or many (issue 23): each replica is
 * replaced as an update replaces it (rollout.ts). A copy of it (same plan, same secret files)
 * starts in the index's free name slot; the old one leaves the routing table and stops only
 * once the copy answers its readiness probe. A copy that never becomes ready is removed and
 * the old one keeps serving (ReleaseNotReadyError): the restart is reported as not done. A
 * replica that was not running is replaced at once (it served nothing). The database and the
 * setup task are left as they are.
 */
export async function restartReplicas(
  api: EngineApi,
  appName: string,
  existing: Iterable<ContainerInspect>,
  hooks: RolloutHooks,
): Promise<void> {
  const byIndex = [...replicasByIndex(existing)].sort(([a], [b]) => a - b);
  for (const [index, mine] of byIndex) {
    const current = mine.find(live) ?? mine[0]!;
    // What an interrupted replacement left beside it.
    await retire(
      api,
      mine.filter((c) => c !== current),
      hooks,
    );
    const copied = await planOfReplica(api, current, appName);
    if (!copied) continue;
    const slot = containerName(current) === replicaName(appName, index) ? 1 : 0;
    const plan = replicaPlan(copied.base, index, slot);
    const id = await createAndStart(api, plan, async () => copied.files);
    if (live(current)) {
      const failure = await waitReadyOrFailure(api, id, hooks.readyWaitMs);
      if (failure) {
        const created = await api.inspectContainer(id);
        if (created) await retire(api, [created], hooks);
        await hooks.publish(new Set());
        throw new ReleaseNotReadyError(failure);
      }
    }
    await retire(api, [current], hooks);
  }
}
