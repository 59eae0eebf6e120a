import { createHash } from 'node:crypto';
import type { FakeKubeApi, WatchEvent } from './fake-kube-api';
import { parsePath, selectorMatches, type Json } from './fake-paths';

/**
 * The Deployment controller and the kubelet, as far as a rollout shows through the API: when a
 * Deployment's generation moves past its status' observedGeneration, the pods of the new
 * template (labelled with their `pod-template-hash`, as the ReplicaSet controller does) and the
 * status the real controller reports follow, after `delayMs`, according to what the test
 * decides for that template:
 * - complete: every replica replaced and available, Progressing=True NewReplicaSetAvailable;
 * - crashloop: one new pod in CrashLoopBackOff (3 restarts, exit code 1, its log kept), the
 *   serving pods untouched;
 * - pull: one new pod waiting in ImagePullBackOff;
 * - deadline: one new pod running but never ready, Progressing=False ProgressDeadlineExceeded;
 * - quota: no new pod, ReplicaFailure=True FailedCreate "exceeded quota";
 * - none: nothing happens (the controller is slow, or not there).
 */
export type RolloutOutcome = 'complete' | 'crashloop' | 'pull' | 'deadline' | 'quota' | 'none';

interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec?: { containers?: { name: string; image?: string }[] };
}

export const templateHash = (template: unknown) =>
  createHash('sha256').update(JSON.stringify(template)).digest('hex').slice(0, 10);

/** Starts the controller; answers the function that stops it. */
export function runDeploymentController(
  api: FakeKubeApi,
  decide: (deployment: Json) => RolloutOutcome,
  options: { delayMs?: number; crashLog?: string } = {},
): () => void {
  const controller = (event: WatchEvent) => {
    if (event.type === 'DELETED' || event.object.kind !== 'Deployment') return;
    const meta = event.object.metadata as { generation?: number };
    const status = event.object.status as { observedGeneration?: number } | undefined;
    if ((meta.generation ?? 0) <= (status?.observedGeneration ?? 0)) return;
    setTimeout(() => {
      const now = api.objects.get(event.path);
      // Acts on the latest version only (a newer apply gets its own turn).
      if (!now || (now.metadata as { generation?: number }).generation !== meta.generation) return;
      roll(api, event.path, now, decide(now), options.crashLog ?? 'Error: listen EADDRINUSE');
    }, options.delayMs ?? 10);
  };
  api.controllers.add(controller);
  return () => api.controllers.delete(controller);
}

function roll(api: FakeKubeApi, path: string, d: Json, outcome: RolloutOutcome, crashLog: string) {
  if (outcome === 'none') return;
  const namespace = parsePath(path)!.namespace!;
  const spec = d.spec as {
    replicas?: number;
    template: PodTemplate;
    progressDeadlineSeconds?: number;
    selector?: { matchLabels?: Record<string, string> };
  };
  const metadata = d.metadata as { name: string; generation: number };
  const replicas = spec.replicas ?? 1;
  const hash = templateHash(spec.template);
  const serving = (d.status as { availableReplicas?: number } | undefined)?.availableReplicas ?? 0;
  const pods = appPods(
    api,
    namespace,
    spec.selector?.matchLabels ?? spec.template.metadata?.labels,
  );
  const podAt = (i: number) => `/api/v1/namespaces/${namespace}/pods/${metadata.name}-${hash}-${i}`;
  const container = spec.template.spec?.containers?.[0];
  const newPod = (i: number, status: Json) =>
    api.put(podAt(i), {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `${metadata.name}-${hash}-${i}`,
        namespace,
        labels: { ...spec.template.metadata?.labels, 'pod-template-hash': hash },
      },
      spec: spec.template.spec,
      status,
    });
  const containerStatus = (extra: Json) => ({
    name: container?.name,
    image: container?.image,
    ...extra,
  });
  const setStatus = (status: Json) =>
    api.update(path, (o) => ({
      ...o,
      status: { observedGeneration: metadata.generation, ...status },
    }));
  const stuck = {
    replicas: serving + 1,
    updatedReplicas: 1,
    readyReplicas: serving,
    availableReplicas: serving,
    unavailableReplicas: 1,
  };
  const progressing = { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' };
  switch (outcome) {
    case 'complete': {
      for (const [p, pod] of pods)
        if (
          (pod.metadata as { labels?: Record<string, string> }).labels?.['pod-template-hash'] !==
          hash
        )
          api.remove(p);
      for (let i = 0; i < replicas; i++)
        newPod(i, {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True' }],
          containerStatuses: [
            containerStatus({ ready: true, restartCount: 0, state: { running: {} } }),
          ],
        });
      setStatus({
        replicas,
        updatedReplicas: replicas,
        readyReplicas: replicas,
        availableReplicas: replicas,
        conditions: [
          { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
          { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
        ],
      });
      return;
    }
    case 'crashloop': {
      const pod = newPod(0, {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'False' }],
        containerStatuses: [
          containerStatus({
            ready: false,
            restartCount: 3,
            state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } },
            lastState: { terminated: { exitCode: 1, reason: 'Error' } },
          }),
        ],
      });
      api.logs.set(
        `${namespace}/${(pod.metadata as Json).name as string}/${container?.name}`,
        crashLog,
      );
      setStatus({ ...stuck, conditions: [progressing] });
      return;
    }
    case 'pull': {
      newPod(0, {
        phase: 'Pending',
        containerStatuses: [
          containerStatus({
            ready: false,
            restartCount: 0,
            state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image' } },
          }),
        ],
      });
      setStatus({ ...stuck, conditions: [progressing] });
      return;
    }
    case 'deadline': {
      newPod(0, {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'False' }],
        containerStatuses: [
          containerStatus({ ready: false, restartCount: 0, state: { running: {} } }),
        ],
      });
      setStatus({
        ...stuck,
        conditions: [
          {
            type: 'Progressing',
            status: 'False',
            reason: 'ProgressDeadlineExceeded',
            message: `ReplicaSet has timed out progressing.`,
          },
        ],
      });
      return;
    }
    case 'quota': {
      setStatus({
        replicas: serving,
        updatedReplicas: 0,
        readyReplicas: serving,
        availableReplicas: serving,
        conditions: [
          progressing,
          {
            type: 'ReplicaFailure',
            status: 'True',
            reason: 'FailedCreate',
            message: `pods "${metadata.name}-${hash}-0" is forbidden: exceeded quota: nuagedeploy-quota, requested: limits.cpu=500m, used: limits.cpu=1, limited: limits.cpu=1`,
          },
        ],
      });
      return;
    }
  }
}

/**
 * The pods the Deployment's selector covers, by path: as the real controller, through its
 * ReplicaSets, it owns every pod its selector matches, whatever template made them (a pod of a
 * release whose template carries other labels is still scaled down by the next rollout).
 */
function appPods(
  api: FakeKubeApi,
  namespace: string,
  matchLabels: Record<string, string> | undefined,
): [string, Json][] {
  const labels = { ...matchLabels };
  delete labels['pod-template-hash'];
  const selector = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return [...api.objects.entries()].filter(
    ([p, o]) =>
      p.startsWith(`/api/v1/namespaces/${namespace}/pods/`) &&
      selectorMatches((o.metadata as Json).labels as Record<string, string>, selector),
  );
}
