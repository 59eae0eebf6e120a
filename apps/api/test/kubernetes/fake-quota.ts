import type { FakeKubeApi, WatchEvent } from './fake-kube-api';
import { type Json, parsePath } from './fake-paths';
import {
  addLists,
  listOf,
  mask,
  prettyPrint,
  rawOf,
  type ResourceList,
  ZERO,
} from './fake-quantities';

/**
 * ResourceQuota as a real cluster enforces it: the API server's quota admission refuses a pod,
 * claim or Service whose usage would take a namespace's quota past its hard limits (with the
 * upstream message, `exceeded quota: <name>, requested: …, used: …, limited: …`, the resources
 * sorted and printed canonically), and the quota controller keeps each quota's status.hard and
 * status.used current. A pod counts while it is not Succeeded or Failed, terminating included
 * (its grace period still holds the room, which is what makes a rollout's refusals transient).
 */

const QUOTA_KINDS = new Set(['pods', 'persistentvolumeclaims', 'services']);

type Container = { name: string; resources?: { requests?: Json; limits?: Json } };

/** A pod's containers' requests and limits, summed, or its largest init container's if more. */
function podResources(pod: Json): ResourceList {
  const spec = (pod.spec ?? {}) as { containers?: Container[]; initContainers?: Container[] };
  const of = (c: Container, which: 'requests' | 'limits'): ResourceList => {
    const r = listOf(c.resources?.[which]);
    return Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => k === 'cpu' || k === 'memory')
        .map(([k, v]) => [`${which}.${k}`, v]),
    );
  };
  let total: ResourceList = {};
  for (const c of spec.containers ?? [])
    total = addLists(total, addLists(of(c, 'requests'), of(c, 'limits')));
  for (const c of spec.initContainers ?? []) {
    const init = addLists(of(c, 'requests'), of(c, 'limits'));
    for (const [k, v] of Object.entries(init)) if (v.milli > (total[k] ?? ZERO).milli) total[k] = v;
  }
  // `cpu` and `memory` are quota aliases of the requests.
  if (total['requests.cpu']) total.cpu = total['requests.cpu'];
  if (total['requests.memory']) total.memory = total['requests.memory'];
  return total;
}

/** Whether a pod still counts (QuotaV1Pod): not terminal. */
export const podCounts = (pod: Json) => {
  const phase = (pod.status as { phase?: string } | undefined)?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
};

const one = { milli: 1000, binary: false };

/** What one object charges the quotas of its namespace. */
export function usageOf(plural: string, object: Json): ResourceList {
  if (plural === 'pods') {
    if (!podCounts(object)) return {};
    return { ...podResources(object), pods: one, 'count/pods': one };
  }
  if (plural === 'persistentvolumeclaims') {
    const spec = object.spec as { resources?: { requests?: Json } } | undefined;
    const storage = listOf(spec?.resources?.requests).storage;
    return { persistentvolumeclaims: one, ...(storage ? { 'requests.storage': storage } : {}) };
  }
  if (plural === 'services') {
    const spec = object.spec as { type?: string; ports?: unknown[] } | undefined;
    const exposed = spec?.type === 'NodePort' || spec?.type === 'LoadBalancer';
    return {
      services: one,
      'services.nodeports': {
        milli: exposed ? 1000 * (spec?.ports?.length ?? 0) : 0,
        binary: false,
      },
      'services.loadbalancers': {
        milli: spec?.type === 'LoadBalancer' ? 1000 : 0,
        binary: false,
      },
    };
  }
  return {};
}

/** Everything the namespace's objects charge now. */
export function namespaceUsage(api: FakeKubeApi, namespace: string): ResourceList {
  let total: ResourceList = {};
  for (const [path, object] of api.objectsIn(namespace)) {
    const p = parsePath(path);
    if (!p || p.name === null || !QUOTA_KINDS.has(p.plural) || p.subresource) continue;
    total = addLists(total, usageOf(p.plural, object));
  }
  return total;
}

export const quotasIn = (api: FakeKubeApi, namespace: string): [string, Json][] =>
  [...api.objectsIn(namespace)].filter(([path]) =>
    path.startsWith(`/api/v1/namespaces/${namespace}/resourcequotas/`),
  );

/**
 * Why the quotas refuse to create this object (the text after `is forbidden: `), or null. As
 * the admission plugin: against status.hard; "status unknown" until the controller has filled
 * it; only the resources that would be exceeded are printed.
 */
export function quotaRefusal(
  api: FakeKubeApi,
  plural: string,
  namespace: string,
  object: Json,
): string | null {
  if (!QUOTA_KINDS.has(plural)) return null;
  const requested = usageOf(plural, object);
  const used = namespaceUsage(api, namespace);
  for (const [, quota] of quotasIn(api, namespace)) {
    const name = (quota.metadata as Json).name as string;
    const status = (quota.status ?? {}) as { hard?: Json; used?: Json };
    const hard = listOf(status.hard);
    const keys = Object.keys(requested).filter((k) => hard[k]);
    if (keys.length === 0) continue;
    if (!status.hard || !status.used)
      return `status unknown for quota: ${name}, resources: ${keys.sort().join(',')}`;
    const exceeded = keys.filter(
      (k) =>
        requested[k]!.milli > 0 && (used[k] ?? ZERO).milli + requested[k]!.milli > hard[k]!.milli,
    );
    if (exceeded.length > 0) {
      const usedNow = Object.fromEntries(exceeded.map((k) => [k, used[k] ?? ZERO]));
      return `exceeded quota: ${name}, requested: ${prettyPrint(mask(requested, exceeded))}, used: ${prettyPrint(usedNow)}, limited: ${prettyPrint(mask(hard, exceeded))}`;
    }
  }
  return null;
}

/** The quota controller: each quota's status (hard from spec, used recomputed) after every change. */
export function startQuotaController(api: FakeKubeApi): () => void {
  const controller = (event: WatchEvent) => {
    const p = parsePath(event.path);
    if (!p?.namespace || (!QUOTA_KINDS.has(p.plural) && p.plural !== 'resourcequotas')) return;
    const quotas = quotasIn(api, p.namespace);
    if (quotas.length === 0) return;
    const used = namespaceUsage(api, p.namespace);
    for (const [path, quota] of quotas) {
      const hard = listOf((quota.spec as { hard?: Json } | undefined)?.hard);
      const status = {
        hard: rawOf(hard),
        used: rawOf(Object.fromEntries(Object.keys(hard).map((k) => [k, used[k] ?? ZERO]))),
      };
      if (JSON.stringify(quota.status) === JSON.stringify(status)) continue;
      api.update(path, (q) => ({ ...q, status }));
    }
  };
  api.controllers.add(controller);
  return () => api.controllers.delete(controller);
}
