import { randomBytes } from 'node:crypto';
import type { FakeKubeApi } from './fake-kube-api';
import { namespaceRefusal } from './fake-namespaces';
import { type Json, type Reply, forbiddenReply } from './fake-paths';
import { quotaRefusal } from './fake-quota';

/**
 * The admission chain of a create, in the API server's order: NamespaceLifecycle (no content in
 * a missing or terminating namespace), the defaulting of a container's requests from its
 * limits and the LimitRanger's defaults, then ResourceQuota. Creates through the REST API go
 * through it (fake-kube-api.ts store()), and so do the pods the fake controllers create
 * (createPod): a refused pod is never stored, and the controller hears why.
 */

type Container = { resources?: { requests?: Json; limits?: Json } };

/** Requests default to limits; what is still missing comes from the namespace's LimitRange. */
function withDefaults(api: FakeKubeApi, namespace: string, pod: Json): Json {
  const out = structuredClone(pod);
  const spec = (out.spec ?? {}) as { containers?: Container[]; initContainers?: Container[] };
  const ranges = [...api.objectsIn(namespace)]
    .filter(([path]) => path.startsWith(`/api/v1/namespaces/${namespace}/limitranges/`))
    .flatMap(([, r]) => (r.spec as { limits?: Json[] } | undefined)?.limits ?? [])
    .filter((l) => l.type === 'Container');
  for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    const resources = (c.resources ??= {});
    for (const key of ['cpu', 'memory']) {
      const limits = (resources.limits ??= {});
      const requests = (resources.requests ??= {});
      if (limits[key] !== undefined && requests[key] === undefined) requests[key] = limits[key];
      for (const range of ranges) {
        const fallback = (range.default as Json | undefined)?.[key];
        const fallbackRequest = (range.defaultRequest as Json | undefined)?.[key];
        if (limits[key] === undefined && fallback !== undefined) limits[key] = fallback;
        if (requests[key] === undefined && fallbackRequest !== undefined)
          requests[key] = fallbackRequest;
      }
      if (Object.keys(limits).length === 0) delete resources.limits;
      if (Object.keys(requests).length === 0) delete resources.requests;
    }
  }
  return out;
}

/** The object as admitted (defaults applied), or the API server's refusal. */
export function admitCreate(
  api: FakeKubeApi,
  resource: { plural: string; group: string },
  namespace: string | null,
  name: string | null,
  object: Json,
): { object: Json } | { refused: Reply } {
  if (namespace === null) return { object };
  const lifecycle = namespaceRefusal(api, resource, namespace, name);
  if (lifecycle) return { refused: lifecycle };
  const admitted = resource.plural === 'pods' ? withDefaults(api, namespace, object) : object;
  if (resource.group === '') {
    const why = quotaRefusal(api, resource.plural, namespace, admitted);
    if (why) return { refused: forbiddenReply(resource, name, why) };
  }
  return { object: admitted };
}

/** generateName's suffix: five of the characters the API server uses. */
export function generatedSuffix(): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  return [...randomBytes(5)].map((b) => alphabet[b % alphabet.length]).join('');
}

export type PodCreation = { created: Json; path: string } | { refused: string };

/** A controller's pod create, through admission: stored, or refused with the API's message. */
export function createPod(api: FakeKubeApi, namespace: string, pod: Json): PodCreation {
  const name = (pod.metadata as Json).name as string;
  const result = admitCreate(api, { plural: 'pods', group: '' }, namespace, name, pod);
  if ('refused' in result) return { refused: (result.refused.body as { message: string }).message };
  const path = `/api/v1/namespaces/${namespace}/pods/${name}`;
  const created = api.put(path, {
    ...result.object,
    metadata: {
      ...(result.object.metadata as Json),
      namespace,
      creationTimestamp: new Date().toISOString(),
    },
    status: { phase: 'Pending' },
  });
  return { created, path };
}
