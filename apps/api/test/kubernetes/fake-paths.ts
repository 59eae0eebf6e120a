import { KINDS, type KindInfo } from './strict-schema';

/** REST paths, label selectors and error bodies of the fake Kubernetes API (fake-kube-api.ts). */

export type Json = Record<string, unknown>;
export type Reply = { status: number; body: unknown };

export const statusBody = (code: number, reason: string, message: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  code,
});

export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Equality-based and set-based label selectors (`a=b`, `a!=b`, `a`, `!a`, `a in (x,y)`). */
export function selectorMatches(
  labels: Record<string, string> | undefined,
  selector: string | null,
): boolean {
  if (!selector) return true;
  const terms = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  return terms.every((raw) => {
    const term = raw.trim();
    const set = /^(\S+)\s+(in|notin)\s+\((.*)\)$/.exec(term);
    if (set) {
      const values = set[3]!.split(',').map((v) => v.trim());
      const has = labels?.[set[1]!] !== undefined && values.includes(labels[set[1]!]!);
      return set[2] === 'in' ? has : !has;
    }
    if (term.startsWith('!')) return labels?.[term.slice(1)] === undefined;
    const ne = /^([^!=]+)!=(.*)$/.exec(term);
    if (ne) return labels?.[ne[1]!] !== ne[2];
    const eq = /^([^=]+)==?(.*)$/.exec(term);
    if (eq) return labels?.[eq[1]!] === eq[2];
    return labels?.[term] !== undefined;
  });
}

export interface ParsedPath {
  info: KindInfo | null;
  group: string;
  version: string;
  namespace: string | null;
  plural: string;
  name: string | null;
  subresource: string | null;
  collection: string;
}

const parsed = new Map<string, ParsedPath | null>();

/** `/api/v1/namespaces/ns/pods/name/log`, `/apis/apps/v1/deployments`… (memoised: paths repeat). */
export function parsePath(path: string): ParsedPath | null {
  let p = parsed.get(path);
  if (p === undefined) {
    p = parseUncached(path);
    parsed.set(path, p);
  }
  return p;
}

function parseUncached(path: string): ParsedPath | null {
  const parts = path.split('/').filter(Boolean);
  let group = '';
  let rest: string[];
  if (parts[0] === 'api') rest = parts.slice(1);
  else if (parts[0] === 'apis') {
    group = parts[1] ?? '';
    rest = parts.slice(2);
  } else return null;
  const version = rest.shift() ?? '';
  let namespace: string | null = null;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1]!;
    rest = rest.slice(2);
  }
  const [plural, name, subresource] = rest;
  if (!plural) return null;
  const info =
    KINDS.find((k) => k.group === group && k.version === version && k.plural === plural) ?? null;
  const root = group ? `/apis/${group}/${version}` : `/api/${version}`;
  // `/api/v1/namespaces/x` is the Namespace x itself.
  if (plural === 'namespaces' && namespace === null && name !== undefined) {
    return {
      info,
      group,
      version,
      namespace: null,
      plural,
      name,
      subresource: subresource ?? null,
      collection: `${root}/namespaces`,
    };
  }
  return {
    info,
    group,
    version,
    namespace,
    plural,
    name: name ?? null,
    subresource: subresource ?? null,
    collection: namespace ? `${root}/namespaces/${namespace}/${plural}` : `${root}/${plural}`,
  };
}

export const labelsOf = (o: Json) =>
  (o.metadata as Json | undefined)?.labels as Record<string, string>;

export const isWatch = (query: URLSearchParams) =>
  query.get('watch') === 'true' || query.get('watch') === '1';

/** Whether an object path is directly in a collection (a cluster-wide collection spans namespaces). */
export function inCollection(path: string, collection: string): boolean {
  const p = parsePath(path);
  const c = parsePath(`${collection}`);
  if (!p || !c || p.name === null) return false;
  if (path.startsWith(`${collection}/`) && !path.slice(collection.length + 1).includes('/'))
    return true;
  // /apis/apps/v1/deployments: every namespace's deployments.
  return (
    c.namespace === null &&
    c.name === null &&
    p.group === c.group &&
    p.version === c.version &&
    p.plural === c.plural &&
    p.subresource === null
  );
}

export const notFoundResource = (): Reply => ({
  status: 404,
  body: statusBody(404, 'NotFound', 'the server could not find the requested resource'),
});

export function invalidReply(info: KindInfo, p: ParsedPath, message: string): Reply {
  return {
    status: 422,
    body: statusBody(422, 'Invalid', `${info.kind} "${p.name}" is invalid: ${message}`),
  };
}

export const immutable = (info: KindInfo, p: ParsedPath, field: string) =>
  invalidReply(info, p, `${field}: Invalid value: field is immutable`);

/** `deployments.apps` for the apps group, `pods` for the core one (GroupResource.String()). */
export const qualifiedResource = (plural: string, group: string) =>
  group ? `${plural}.${group}` : plural;

/** The API server's 403 (apierrors.NewForbidden): `<resource> "<name>" is forbidden: <why>`. */
export function forbiddenReply(
  resource: { plural: string; group: string },
  name: string | null,
  why: string,
): Reply {
  const qualified = qualifiedResource(resource.plural, resource.group);
  const message = name
    ? `${qualified} "${name}" is forbidden: ${why}`
    : `${qualified} is forbidden: ${why}`;
  return {
    status: 403,
    body: {
      ...statusBody(403, 'Forbidden', message),
      details: { ...(name ? { name } : {}), group: resource.group, kind: resource.plural },
    },
  };
}

export interface RbacAction {
  group: string;
  resource: string;
  verb: string;
  namespace: string | null;
}

/** What RBAC authorises for a request (an apply that creates counts as patch and create). */
export function rbacOf(
  method: string,
  path: string,
  query: URLSearchParams,
  exists: boolean,
): RbacAction[] {
  // The kubelet's API through the API server: `get` on nodes/proxy, cluster-wide.
  if (/^\/api\/v1\/nodes\/[^/]+\/proxy(\/|$)/.test(path))
    return [
      {
        group: '',
        resource: 'nodes/proxy',
        verb: method === 'GET' ? 'get' : 'create',
        namespace: null,
      },
    ];
  const p = parsePath(path);
  if (!p) return [];
  const resource = p.subresource ? `${p.plural}/${p.subresource}` : p.plural;
  const base = { group: p.group, resource, namespace: p.namespace };
  // A pods/exec WebSocket is a GET that RBAC also checks as create (Kubernetes 1.31 and later).
  if (method === 'GET' && p.subresource === 'exec')
    return [
      { ...base, verb: 'get' },
      { ...base, verb: 'create' },
    ];
  if (method === 'GET') {
    const verb = p.name === null ? (isWatch(query) ? 'watch' : 'list') : 'get';
    return [{ ...base, verb }];
  }
  if (method === 'DELETE') return [{ ...base, verb: 'delete' }];
  if (method === 'PATCH') {
    const creates = p.name !== null && !exists;
    return [{ ...base, verb: 'patch' }, ...(creates ? [{ ...base, verb: 'create' }] : [])];
  }
  if (method === 'POST') return [{ ...base, verb: 'create' }];
  if (method === 'PUT') return [{ ...base, verb: 'update' }];
  return [];
}
