import { createHash } from 'node:crypto';
import type { FakeKubeApi } from './fake-kube-api';
import type { Json } from './fake-paths';

/** Owner references and object lookups shared by the fake controllers. */

export interface Meta extends Json {
  name: string;
  uid?: string;
  generation?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: Json[];
  creationTimestamp?: string;
  deletionTimestamp?: string;
}

export const metaOf = (o: Json) => o.metadata as Meta;

/** The uid of the object's controller (its controlling ownerReference), if any. */
export const controllerUid = (o: Json): string | undefined =>
  (metaOf(o).ownerReferences ?? []).find((r) => r.controller === true)?.uid as string | undefined;

export const controllerKind = (o: Json): string | undefined =>
  (metaOf(o).ownerReferences ?? []).find((r) => r.controller === true)?.kind as string | undefined;

export const ownerReference = (owner: Json, apiVersion: string, kind: string) => ({
  apiVersion,
  kind,
  name: metaOf(owner).name,
  uid: metaOf(owner).uid,
  controller: true,
  blockOwnerDeletion: true,
});

/** Objects under a collection path (`/api/v1/namespaces/ns/pods`) controlled by `uid`. */
export function childrenOf(api: FakeKubeApi, collection: string, uid: string): [string, Json][] {
  const namespace = /\/namespaces\/([^/]+)\//.exec(`${collection}/`)?.[1];
  const candidates = namespace ? [...api.objectsIn(namespace)] : [...api.objects.entries()];
  return candidates.filter(
    ([path, o]) =>
      path.startsWith(`${collection}/`) &&
      !path.slice(collection.length + 1).includes('/') &&
      controllerUid(o) === uid,
  );
}

export function objectWithUid(api: FakeKubeApi, uid: string): [string, Json] | undefined {
  for (const entry of api.objects) if (metaOf(entry[1]).uid === uid) return entry;
  return undefined;
}

/** JSON with sorted keys: two templates equal whatever order their fields were written in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const hashOf = (value: unknown) =>
  createHash('sha256').update(canonical(value)).digest('hex').slice(0, 10);

export const isTerminatingPod = (pod: Json) => Boolean(metaOf(pod).deletionTimestamp);

export const isReadyPod = (pod: Json) =>
  ((pod.status as { conditions?: Json[] } | undefined)?.conditions ?? []).some(
    (c) => c.type === 'Ready' && c.status === 'True',
  );

/** Status fields as Go omits them: a zero count is absent. */
export function withoutZeros(status: Json): Json {
  return Object.fromEntries(Object.entries(status).filter(([, v]) => v !== 0 && v !== undefined));
}
