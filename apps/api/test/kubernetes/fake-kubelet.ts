import type { Cluster } from './fake-controllers';
import type { WatchEvent } from './fake-kube-api';
import { type Json, parsePath } from './fake-paths';
import { controllerKind, isTerminatingPod, metaOf } from './fake-owners';

/**
 * The kubelet, as far as the API shows it: a pod a controller created starts after
 * `podStartMs` in the state the test decides for it — the one thing a cluster cannot compute
 * from the objects (whether an image pulls, a process crashes, a probe answers):
 * - ready: running and Ready;
 * - unready: running, never Ready (a readiness probe that never answers);
 * - crashloop: CrashLoopBackOff after 3 restarts, exit code 1, its log kept;
 * - pull: waiting in ImagePullBackOff;
 * - pending: never scheduled;
 * - succeeded / failed: a Job's pod that ends (exit code 0 / 1).
 * A deleted pod terminates gracefully: deletionTimestamp, then gone `terminationMs` later
 * (it still counts against its quota meanwhile).
 */
export type PodOutcome =
  'ready' | 'unready' | 'crashloop' | 'pull' | 'pending' | 'succeeded' | 'failed';

interface Container {
  name: string;
  image?: string;
}

/** The default: workloads' pods become ready, Jobs' pods succeed. */
export const defaultOutcome = (pod: Json): PodOutcome =>
  controllerKind(pod) === 'Job' ? 'succeeded' : 'ready';

export const podImage = (pod: Json) =>
  ((pod.spec as { containers?: Container[] } | undefined)?.containers?.[0]?.image ?? '') as string;

function statusFor(outcome: PodOutcome, containers: Container[]): Json | null {
  const now = new Date().toISOString();
  const each = (state: Json, extra: Json = {}) =>
    containers.map((c) => ({
      name: c.name,
      image: c.image,
      imageID: `${c.image}@sha256:${'0'.repeat(64)}`,
      ready: false,
      started: 'running' in state,
      restartCount: 0,
      state,
      ...extra,
    }));
  const conditions = (ready: boolean) => [
    { type: 'PodScheduled', status: 'True' },
    { type: 'Initialized', status: 'True' },
    { type: 'ContainersReady', status: ready ? 'True' : 'False' },
    { type: 'Ready', status: ready ? 'True' : 'False' },
  ];
  switch (outcome) {
    case 'ready':
      return {
        phase: 'Running',
        startTime: now,
        conditions: conditions(true),
        containerStatuses: each({ running: { startedAt: now } }, { ready: true }),
      };
    case 'unready':
      return {
        phase: 'Running',
        startTime: now,
        conditions: conditions(false),
        containerStatuses: each({ running: { startedAt: now } }),
      };
    case 'crashloop':
      return {
        phase: 'Running',
        startTime: now,
        conditions: conditions(false),
        containerStatuses: each(
          {
            waiting: {
              reason: 'CrashLoopBackOff',
              message: 'back-off 40s restarting failed container',
            },
          },
          { restartCount: 3, lastState: { terminated: { exitCode: 1, reason: 'Error' } } },
        ),
      };
    case 'pull':
      return {
        phase: 'Pending',
        startTime: now,
        conditions: conditions(false),
        containerStatuses: containers.map((c) => ({
          name: c.name,
          image: c.image,
          imageID: '',
          ready: false,
          started: false,
          restartCount: 0,
          state: {
            waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${c.image}"` },
          },
        })),
      };
    case 'succeeded':
    case 'failed': {
      const exitCode = outcome === 'succeeded' ? 0 : 1;
      return {
        phase: outcome === 'succeeded' ? 'Succeeded' : 'Failed',
        startTime: now,
        conditions: conditions(false),
        containerStatuses: each({
          terminated: { exitCode, reason: exitCode ? 'Error' : 'Completed', finishedAt: now },
        }),
      };
    }
    case 'pending':
      return null;
  }
}

export function startKubelet(cluster: Cluster) {
  const { api, options } = cluster;
  return (event: WatchEvent) => {
    if (event.type !== 'ADDED' || parsePath(event.path)?.plural !== 'pods') return;
    if (!controllerKind(event.object)) return;
    cluster.schedule(
      `kubelet:${event.path}`,
      () => {
        const pod = api.objects.get(event.path);
        if (!pod || isTerminatingPod(pod)) return;
        const outcome = options.pods(pod);
        const containers = (pod.spec as { containers?: Container[] }).containers ?? [];
        const status = statusFor(outcome, containers);
        if (!status) return;
        api.update(event.path, (p) => ({ ...p, status }));
        if (outcome === 'crashloop') {
          const p = parsePath(event.path)!;
          api.logs.set(`${p.namespace}/${p.name}/${containers[0]?.name}`, options.crashLog);
        }
      },
      options.podStartMs,
    );
  };
}

/** Graceful deletion: marked now, removed once its grace period (`terminationMs`) is over. */
export function terminatePod(cluster: Cluster, path: string): void {
  const { api, options } = cluster;
  const pod = api.objects.get(path);
  if (!pod || isTerminatingPod(pod)) return;
  api.update(path, (p) => ({
    ...p,
    metadata: {
      ...metaOf(p),
      deletionTimestamp: new Date(Date.now() + options.terminationMs).toISOString(),
      deletionGracePeriodSeconds: Math.ceil(options.terminationMs / 1000),
    },
  }));
  api.later(() => api.remove(path), options.terminationMs);
}
