import type { Cluster } from './fake-controllers';
import type { WatchEvent } from './fake-kube-api';
import { type Json, parsePath, selectorMatches } from './fake-paths';
import { amountOf } from './fake-quantities';
import { isReadyPod, isTerminatingPod, metaOf } from './fake-owners';

/**
 * The HorizontalPodAutoscaler controller (pkg/controller/podautoscaler), autoscaling/v2 with
 * Resource Utilization targets, once per sync period (15 s on a cluster, `hpaSyncMs` here):
 * - the target Deployment's ready pods with metrics (metrics.k8s.io, the fake API's list) give
 *   usage ÷ requests per metric; desired = ceil(current × utilization ÷ target) outside the
 *   10 % tolerance, the largest over the metrics, then within [minReplicas, maxReplicas];
 * - it writes the Deployment's replicas (its scale subresource) and nothing else: the
 *   ReplicaSet's pods still go through admission, so a quota that refuses them leaves the
 *   Deployment short (ReplicaFailure, FailedCreate events) while the HPA still reports
 *   AbleToScale True: its own write succeeded;
 * - status as the real one writes it: currentReplicas is the Deployment's status.replicas (pods
 *   that exist), desiredReplicas, currentMetrics, lastScaleTime, and the conditions AbleToScale
 *   (SucceededRescale / ReadyForNewScale), ScalingActive (ValidMetricFound /
 *   FailedGetResourceMetric) and ScalingLimited (TooManyReplicas / TooFewReplicas /
 *   DesiredWithinRange). No scale-down stabilisation window (the tests set their own pace).
 */

type Hpa = Json & {
  spec: {
    scaleTargetRef: { name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: {
      resource?: { name: 'cpu' | 'memory'; target: { averageUtilization?: number } };
    }[];
  };
  status?: Json;
};

const TOLERANCE = 0.1;

const condition = (type: string, status: boolean, reason: string, message: string) => ({
  type,
  status: status ? 'True' : 'False',
  reason,
  message,
  lastTransitionTime: new Date().toISOString(),
});

/** Sum of a resource over the pods' containers: usage from metrics, requests from the spec. */
function utilizationOf(api: Cluster['api'], pods: Json[], resource: 'cpu' | 'memory') {
  let used = 0;
  let requested = 0;
  let measured = 0;
  for (const pod of pods) {
    const m = (api.metrics ?? []).find((x) => metaOf(x).name === metaOf(pod).name);
    if (!m) continue;
    measured++;
    for (const c of (m.containers ?? []) as { usage?: Record<string, string> }[])
      used += amountOf(c.usage?.[resource]).milli;
    for (const c of ((pod.spec as Json).containers ?? []) as { resources?: Json }[]) {
      const r = c.resources as { requests?: Json; limits?: Json } | undefined;
      requested += amountOf(r?.requests?.[resource] ?? r?.limits?.[resource]).milli;
    }
  }
  if (measured === 0 || requested === 0) return null;
  return { percent: (used / requested) * 100, measured };
}

export function syncHpa(cluster: Cluster, path: string): void {
  const { api } = cluster;
  const hpa = api.objects.get(path) as Hpa | undefined;
  if (!hpa) return;
  const ns = parsePath(path)!.namespace!;
  const target = `/apis/apps/v1/namespaces/${ns}/deployments/${hpa.spec.scaleTargetRef.name}`;
  const deployment = api.objects.get(target);
  const min = hpa.spec.minReplicas ?? 1;
  const max = hpa.spec.maxReplicas;
  const conditions: Json[] = [];
  let desired: number;
  let current = 0;
  let currentMetrics: Json[] = [];
  if (!deployment) {
    conditions.push(
      condition(
        'AbleToScale',
        false,
        'FailedGetScale',
        `deployments "${hpa.spec.scaleTargetRef.name}" not found`,
      ),
    );
    desired = 0;
  } else {
    const spec = deployment.spec as {
      replicas?: number;
      selector?: { matchLabels?: Record<string, string> };
    };
    current = Number((deployment.status as Json | undefined)?.replicas ?? 0);
    const selector = Object.entries(spec.selector?.matchLabels ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(',');
    const pods = [...api.objectsIn(ns)]
      .filter(([p, o]) => p.includes('/pods/') && selectorMatches(metaOf(o).labels ?? {}, selector))
      .map(([, o]) => o)
      .filter((p) => !isTerminatingPod(p) && isReadyPod(p));
    const scale = spec.replicas ?? 1;
    let wanted: number | null = null;
    for (const metric of hpa.spec.metrics ?? []) {
      const r = metric.resource;
      if (!r?.target.averageUtilization) continue;
      const u = utilizationOf(api, pods, r.name);
      if (!u) continue;
      currentMetrics.push({
        type: 'Resource',
        resource: { name: r.name, current: { averageUtilization: Math.round(u.percent) } },
      });
      const ratio = u.percent / r.target.averageUtilization;
      const proposal = Math.abs(ratio - 1) <= TOLERANCE ? scale : Math.ceil(u.measured * ratio);
      wanted = Math.max(wanted ?? 0, proposal);
    }
    if (wanted === null) {
      conditions.push(
        condition(
          'AbleToScale',
          true,
          'SucceededGetScale',
          "the HPA controller was able to get the target's current scale",
        ),
        condition(
          'ScalingActive',
          false,
          'FailedGetResourceMetric',
          'the HPA was unable to compute the replica count: unable to get metrics for resource cpu: no metrics returned from resource metrics API',
        ),
      );
      desired = scale;
      currentMetrics = [];
    } else {
      desired = Math.min(max, Math.max(min, wanted));
      const limited =
        wanted > max ? 'TooManyReplicas' : wanted < min ? 'TooFewReplicas' : 'DesiredWithinRange';
      const rescale = desired !== scale;
      if (rescale)
        api.update(target, (d) => ({ ...d, spec: { ...(d.spec as Json), replicas: desired } }));
      conditions.push(
        condition(
          'AbleToScale',
          true,
          rescale ? 'SucceededRescale' : 'ReadyForNewScale',
          rescale
            ? `the HPA controller was able to update the target scale to ${desired}`
            : 'recommended size matches current size',
        ),
        condition(
          'ScalingActive',
          true,
          'ValidMetricFound',
          'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)',
        ),
        condition(
          'ScalingLimited',
          limited !== 'DesiredWithinRange',
          limited,
          limited === 'DesiredWithinRange'
            ? 'the desired count is within the acceptable range'
            : `the desired replica count is ${limited === 'TooManyReplicas' ? 'more' : 'less'} than the ${limited === 'TooManyReplicas' ? 'maximum' : 'minimum'} replica count`,
        ),
      );
    }
  }
  const before = hpa.status ?? {};
  const status: Json = {
    ...(before.lastScaleTime ? { lastScaleTime: before.lastScaleTime } : {}),
    currentReplicas: current,
    desiredReplicas: desired,
    ...(currentMetrics.length > 0 ? { currentMetrics } : {}),
    // A condition keeps its transition time while its status stays (as the real one does).
    conditions: conditions.map((c) => {
      const old = ((before.conditions ?? []) as Json[]).find((o) => o.type === c.type);
      return old && old.status === c.status && old.reason === c.reason
        ? { ...c, lastTransitionTime: old.lastTransitionTime }
        : c;
    }),
  };
  if (desired !== before.desiredReplicas && before.desiredReplicas !== undefined)
    status.lastScaleTime = new Date().toISOString();
  if (JSON.stringify(status) !== JSON.stringify(before))
    api.update(path, (o) => ({ ...o, status }));
}

export function startHpaController(cluster: Cluster, syncMs: number) {
  const schedule = (path: string) =>
    cluster.schedule(
      `hpa:${path}`,
      () => {
        syncHpa(cluster, path);
        // Resynced every period while it exists, whatever changed (the real controller's loop).
        if (cluster.api.objects.has(path)) schedule(path);
      },
      syncMs,
    );
  return (event: WatchEvent) => {
    const p = parsePath(event.path);
    if (p?.plural === 'horizontalpodautoscalers' && event.type !== 'DELETED') schedule(event.path);
  };
}
