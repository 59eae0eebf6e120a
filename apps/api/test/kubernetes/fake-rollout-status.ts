import type { Cluster } from './fake-controllers';
import { syncDeployment } from './fake-deployment-controller';
import { type Json, parsePath } from './fake-paths';
import { childrenOf, metaOf, withoutZeros } from './fake-owners';
import { replicaSetsPath } from './fake-replicasets';
import { type Deployment, type ReplicaSet, maxUnavailable, sum } from './fake-rollout-math';

/**
 * A Deployment's status as the controller writes it (calculateStatus, syncRolloutStatus):
 * counts summed over its ReplicaSets; Available while replicas − maxUnavailable are; during a
 * rollout, Progressing True (ReplicaSetUpdated, its lastUpdateTime moved by any progress) until
 * complete (NewReplicaSetAvailable) or past progressDeadlineSeconds without progress (False,
 * ProgressDeadlineExceeded); a ReplicaSet's ReplicaFailure copied (the new one's first), removed
 * with it. A scaling event updates the counts only (syncDeploymentStatus): a Deployment whose
 * last rollout completed keeps Progressing NewReplicaSetAvailable, and never times out.
 */

type Condition = Json & { type: string; status: string; reason?: string; lastUpdateTime?: string };

export function syncRolloutStatus(
  cluster: Cluster,
  path: string,
  newRsPath: string | undefined,
  rollout = true,
): void {
  const d = cluster.api.objects.get(path) as Deployment | undefined;
  if (!d) return;
  const ns = parsePath(path)!.namespace!;
  const all = childrenOf(cluster.api, replicaSetsPath(ns), metaOf(d).uid!) as [
    string,
    ReplicaSet,
  ][];
  const newRs = all.find(([p]) => p === newRsPath)?.[1];
  const replicas = d.spec.replicas ?? 1;
  const available = sum(all, (rs) => rs.status?.availableReplicas ?? 0);
  const counts = {
    replicas: sum(all, (rs) => rs.status?.replicas ?? 0),
    updatedReplicas: newRs?.status?.replicas ?? 0,
    readyReplicas: sum(all, (rs) => rs.status?.readyReplicas ?? 0),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, sum(all, (rs) => rs.spec.replicas ?? 0) - available),
  };
  const generation = Number(metaOf(d).generation ?? 1);
  const now = new Date().toISOString();
  const conditions = ((d.status?.conditions ?? []) as Condition[]).map((c) => ({ ...c }));
  const set = (condition: Condition, keepTransition = true) => {
    const i = conditions.findIndex((c) => c.type === condition.type);
    const current = conditions[i];
    if (
      current &&
      keepTransition &&
      current.status === condition.status &&
      current.reason === condition.reason
    )
      return;
    const next = {
      ...condition,
      lastUpdateTime: now,
      lastTransitionTime: current?.status === condition.status ? current.lastTransitionTime : now,
    };
    if (i >= 0) conditions[i] = next;
    else conditions.push(next);
  };
  const minimum = available >= replicas - maxUnavailable(d);
  set({
    type: 'Available',
    status: minimum ? 'True' : 'False',
    reason: minimum ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable',
    message: minimum
      ? 'Deployment has minimum availability.'
      : 'Deployment does not have minimum availability.',
  });

  const name = newRs ? metaOf(newRs).name : metaOf(d).name;
  const progressing = conditions.find((c) => c.type === 'Progressing');
  const deadlineMs = (d.spec.progressDeadlineSeconds ?? 600) * cluster.options.deadlineSecondMs;
  let waitFor: number | null = null;
  if (
    rollout &&
    !(
      counts.replicas === counts.updatedReplicas && progressing?.reason === 'NewReplicaSetAvailable'
    )
  ) {
    const old = (d.status ?? {}) as Record<string, number | undefined>;
    const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
    const complete =
      counts.updatedReplicas === replicas && counts.replicas === replicas && available === replicas;
    const progressed =
      counts.updatedReplicas > (old.updatedReplicas ?? 0) ||
      counts.replicas - counts.updatedReplicas < oldOld ||
      counts.readyReplicas > (old.readyReplicas ?? 0) ||
      available > (old.availableReplicas ?? 0);
    if (complete)
      set({
        type: 'Progressing',
        status: 'True',
        reason: 'NewReplicaSetAvailable',
        message: `ReplicaSet "${name}" has successfully progressed.`,
      });
    else if (progressed)
      set(
        {
          type: 'Progressing',
          status: 'True',
          reason: 'ReplicaSetUpdated',
          message: `ReplicaSet "${name}" is progressing.`,
        },
        false,
      );
    else if (progressing && progressing.reason !== 'ProgressDeadlineExceeded') {
      const left = Date.parse(progressing.lastUpdateTime ?? now) + deadlineMs - Date.now();
      if (left < 0)
        set({
          type: 'Progressing',
          status: 'False',
          reason: 'ProgressDeadlineExceeded',
          message: `ReplicaSet "${name}" has timed out progressing.`,
        });
      else waitFor = left;
    }
    if (
      !complete &&
      waitFor === null &&
      conditions.find((c) => c.type === 'Progressing')?.status === 'True'
    )
      waitFor = deadlineMs;
  }
  if (rollout) {
    const failure = [newRs, ...all.map(([, rs]) => rs)]
      .flatMap((rs) => rs?.status?.conditions ?? [])
      .find((c) => c.type === 'ReplicaFailure');
    const i = conditions.findIndex((c) => c.type === 'ReplicaFailure');
    // As SetDeploymentCondition: an existing one of the same status and reason stays as it was.
    if (failure && i < 0) conditions.push({ ...(failure as Condition), lastUpdateTime: now });
    else if (!failure && i >= 0) conditions.splice(i, 1);
  }
  const status = { ...withoutZeros(counts), observedGeneration: generation, conditions };
  if (JSON.stringify(status) !== JSON.stringify(d.status))
    cluster.api.update(path, (o) => ({ ...o, status }));
  if (waitFor !== null)
    cluster.schedule(`deadline:${path}`, () => syncDeployment(cluster, path), waitFor + 5);
}
