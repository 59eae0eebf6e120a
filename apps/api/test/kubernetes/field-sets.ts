/**
 * Field sets as server-side apply tracks them, enough for the fake API server: every leaf of an
 * object is a path; list items that carry a `name` (containers, env, ports, volumes…, the
 * lists Kubernetes merges by key) are addressed by that name, other lists are atomic leaves.
 */

type Json = Record<string, unknown>;
export type Segment = string | { name: string };
export type FieldPath = Segment[];

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const keyed = (v: unknown): v is Json[] =>
  Array.isArray(v) && v.length > 0 && v.every((i) => isObject(i) && typeof i.name === 'string');

/** Fields the server owns: never part of a manager's set. */
const SERVER_FIELDS = new Set([
  'status',
  'metadata.uid',
  'metadata.resourceVersion',
  'metadata.generation',
  'metadata.creationTimestamp',
  'metadata.managedFields',
  'metadata.deletionTimestamp',
]);

export const pathKey = (path: FieldPath) =>
  path.map((s) => (typeof s === 'string' ? `.${s}` : `[name=${s.name}]`)).join('');

/** Every leaf of `object`, with its value. */
export function leaves(object: unknown, prefix: FieldPath = []): Map<string, [FieldPath, unknown]> {
  const out = new Map<string, [FieldPath, unknown]>();
  const walk = (value: unknown, path: FieldPath) => {
    const dotted = path.filter((s) => typeof s === 'string').join('.');
    if (SERVER_FIELDS.has(dotted)) return;
    if (isObject(value) && Object.keys(value).length > 0) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    } else if (keyed(value)) {
      for (const item of value) {
        const { name, ...rest } = item;
        const itemPath = [...path, { name: name as string }];
        out.set(pathKey([...itemPath, 'name']), [[...itemPath, 'name'], name]);
        for (const [k, v] of Object.entries(rest)) walk(v, [...itemPath, k]);
      }
    } else if (path.length > 0) {
      out.set(pathKey(path), [path, value]);
    }
  };
  walk(object, prefix);
  return out;
}

function child(container: unknown, seg: Segment): unknown {
  if (typeof seg === 'string') return isObject(container) ? container[seg] : undefined;
  return Array.isArray(container)
    ? container.find((i) => isObject(i) && i.name === seg.name)
    : undefined;
}

export function getAt(object: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>((c, seg) => child(c, seg), object);
}

export function setAt(object: Json, path: FieldPath, value: unknown): void {
  let container: unknown = object;
  path.forEach((seg, i) => {
    const last = i === path.length - 1;
    const next = path[i + 1];
    const fresh = () => (next !== undefined && typeof next !== 'string' ? [] : {});
    if (typeof seg === 'string') {
      const c = container as Json;
      if (last) c[seg] = structuredClone(value);
      else {
        const existing = c[seg];
        const wantsList = next !== undefined && typeof next !== 'string';
        if (wantsList ? !Array.isArray(existing) : !isObject(existing)) c[seg] = fresh();
        container = c[seg];
      }
    } else {
      const list = container as Json[];
      let item = list.find((x) => x.name === seg.name);
      if (!item) {
        item = { name: seg.name };
        list.push(item);
      }
      container = item;
    }
  });
}

/** Removes a leaf, then the objects and list items it leaves empty. */
export function deleteAt(object: Json, path: FieldPath): void {
  const parents: unknown[] = [object];
  for (const seg of path.slice(0, -1)) {
    const next = child(parents.at(-1), seg);
    if (next === undefined) return;
    parents.push(next);
  }
  const last = path.at(-1)!;
  const holder = parents.at(-1);
  if (typeof last === 'string' && isObject(holder)) delete holder[last];
  for (let i = parents.length - 1; i > 0; i--) {
    const node = parents[i];
    const seg = path[i - 1]!;
    const parent = parents[i - 1];
    const empty =
      (isObject(node) && Object.keys(node).filter((k) => k !== 'name').length === 0) ||
      (Array.isArray(node) && node.length === 0);
    if (!empty) break;
    if (typeof seg === 'string' && isObject(parent)) delete parent[seg];
    else if (Array.isArray(parent)) parent.splice(parent.indexOf(node), 1);
  }
}

/** The FieldsV1 form of a set (`f:spec`, `k:{"name":"x"}`), as metadata.managedFields shows it. */
export function fieldsV1(paths: FieldPath[]): Json {
  const root: Json = {};
  for (const path of paths) {
    let node = root;
    for (const seg of path) {
      const key = typeof seg === 'string' ? `f:${seg}` : `k:${JSON.stringify({ name: seg.name })}`;
      node[key] = isObject(node[key]) ? node[key] : {};
      node = node[key] as Json;
    }
  }
  return root;
}
