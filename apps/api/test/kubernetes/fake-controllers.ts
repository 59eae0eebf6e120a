import { startDeploymentController } from './fake-deployment-controller';
import { startHpaController } from './fake-hpa-controller';
import { startJobController } from './fake-job-controller';
import type { FakeKubeApi, WatchEvent } from './fake-kube-api';
import { defaultOutcome, type PodOutcome, startKubelet } from './fake-kubelet';
import type { Json } from './fake-paths';
import { startReplicaSetController } from './fake-replicasets';
import { startStatefulSetController } from './fake-statefulsets';

/**
 * The cluster's controllers beside the fake API server, opt-in for the tests that want a
 * cluster that acts: Deployments through ReplicaSets (rolling updates, surge, proportional
 * scaling, Recreate), StatefulSets, Jobs, HorizontalPodAutoscalers (fake-hpa-controller.ts)
 * and the kubelet. Every pod they create goes through the
 * API server's admission (quota included), and what happens next is computed from the objects;
 * the test decides only what a cluster cannot compute: each pod's fate once started
 * (fake-kubelet.ts).
 */

export interface ClusterOptions {
  /** What becomes of each pod the controllers create (default: ready, a Job's pod succeeds). */
  pods?: (pod: Json) => PodOutcome;
  /** How long a new pod takes to reach that state. */
  podStartMs?: number;
  /** How soon a controller acts on a change. */
  controllerMs?: number;
  /** A deleted pod's grace period (it still holds its quota meanwhile). */
  terminationMs?: number;
  /** The log of a crash-looping container. */
  crashLog?: string;
  /** Milliseconds per second of a Deployment's progressDeadlineSeconds (time runs faster). */
  deadlineSecondMs?: number;
  /** The HorizontalPodAutoscaler controller's sync period (15 s on a cluster). */
  hpaSyncMs?: number;
}

export interface Cluster {
  api: FakeKubeApi;
  options: Required<ClusterOptions>;
  /** Runs `sync` once, `ms` from now; a key already waiting is not scheduled twice. */
  schedule(key: string, sync: () => void, ms?: number): void;
}

export function runControllers(api: FakeKubeApi, options: ClusterOptions = {}): () => void {
  const pending = new Set<string>();
  let stopped = false;
  const cluster: Cluster = {
    api,
    options: {
      pods: defaultOutcome,
      podStartMs: 10,
      controllerMs: 5,
      terminationMs: 20,
      crashLog: 'Error: listen EADDRINUSE',
      deadlineSecondMs: 1000,
      hpaSyncMs: 30,
      ...options,
    },
    schedule(key, sync, ms = cluster.options.controllerMs) {
      if (pending.has(key)) return;
      pending.add(key);
      api.later(() => {
        pending.delete(key);
        if (!stopped) sync();
      }, ms);
    },
  };
  const handlers: ((event: WatchEvent) => void)[] = [
    startKubelet(cluster),
    startReplicaSetController(cluster),
    startDeploymentController(cluster),
    startStatefulSetController(cluster),
    startJobController(cluster),
    startHpaController(cluster, cluster.options.hpaSyncMs),
  ];
  for (const handler of handlers) api.controllers.add(handler);
  return () => {
    stopped = true;
    for (const handler of handlers) api.controllers.delete(handler);
  };
}
