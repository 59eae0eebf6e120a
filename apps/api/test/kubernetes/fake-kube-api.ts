import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteAt, fieldsV1, getAt, leaves, pathKey, setAt, type FieldPath } from './field-sets';
import { KINDS, schemaError, unknownFields, type KindInfo } from './strict-schema';

/**
 * A strict stand-in for the Kubernetes API server, for the driver's tests:
 * - server-side apply merges by field manager: each manager owns the fields it applied, a
 *   field another manager owns with a different value is a 409 conflict unless `force`, fields
 *   a manager stops applying are removed (metadata.managedFields shows the sets);
 * - bodies are checked against the kinds' schemas (kubernetes-models) and, with
 *   `fieldValidation=Strict`, unknown fields are refused as the API server does;
 * - namespaced objects need their namespace; Deployment/StatefulSet selectors must match their
 *   template labels; a Job's template and a workload's selector are immutable;
 * - LIST with label selectors, GET, DELETE (a namespace takes its objects with it), merge
 *   patches, WATCH streams (JSON lines, resumed from a resourceVersion, 410 once compacted);
 * - pod logs and the metrics API; every request is recorded with its RBAC verb and resource.
 */

type Json = Record<string, unknown>;

export interface RbacAction {
  group: string;
  resource: string;
  verb: string;
  namespace: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  authorization: string | undefined;
  body: string;
  /** What RBAC authorises for this request (apply-creates count as patch and create). */
  rbac: RbacAction[];
}

type Reply = { status: number; body: unknown };
/** Answer a request before the fake API does (failures, slowness); undefined = fall through. */
export type Interceptor = (req: RecordedRequest) => Reply | 'hang' | undefined;

interface WatchEvent {
  rv: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  path: string;
  object: Json;
}

interface OpenWatch {
  collection: string;
  selector: string | null;
  send(event: WatchEvent): void;
  end(): void;
}

export const statusBody = (code: number, reason: string, message: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  code,
});

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7386 JSON merge patch. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

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

interface ParsedPath {
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
function parsePath(path: string): ParsedPath | null {
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

const labelsOf = (o: Json) => (o.metadata as Json | undefined)?.labels as Record<string, string>;

export class FakeKubeApi {
  readonly requests: RecordedRequest[] = [];
  /** Stored objects by REST path. Write through put()/update() so watchers hear of it. */
  readonly objects = new Map<string, Json>();
  /** Pod logs by `<namespace>/<pod>/<container>`. */
  readonly logs = new Map<string, string>();
  /** The metrics API's pod list, or null when metrics-server is not installed. */
  metrics: Json[] | null = null;
  intercept: Interceptor | undefined;
  /** Called after every change (tests check invariants at every instant, e.g. quota sums). */
  onChange: ((event: WatchEvent) => void) | undefined;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly watches = new Set<OpenWatch>();
  private events: WatchEvent[] = [];
  private resourceVersion = 0;
  /** resourceVersions older than this have been compacted: a watch from them gets 410. */
  private oldestRv = 0;
  private uid = 0;
  /** Most watches ever open at once, per collection. */
  readonly peakWatches = new Map<string, number>();

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const w of this.watches) w.end();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Requests other than reads, in order: what changed the cluster. */
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  /** Requests by RBAC verb (list, watch, get, patch, create, delete). */
  countsByVerb(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.requests) {
      const verb = r.rbac[0]?.verb ?? r.method;
      out[verb] = (out[verb] ?? 0) + 1;
    }
    return out;
  }

  /** Watches open now, per collection path. */
  openWatches(): Map<string, number> {
    const out = new Map<string, number>();
    for (const w of this.watches) out.set(w.collection, (out.get(w.collection) ?? 0) + 1);
    return out;
  }

  /** Forgets the event history: every watch resumed from an older resourceVersion gets 410. */
  compact(): void {
    this.oldestRv = this.resourceVersion + 1;
    this.events = [];
  }

  /** Ends every open watch (as an API server restart or a load balancer timeout does). */
  dropWatches(): void {
    for (const w of [...this.watches]) w.end();
  }

  /** Stores (or replaces) an object as a controller would, telling watchers. */
  put(path: string, object: Json): Json {
    const stored = this.objects.get(path);
    const rv = ++this.resourceVersion;
    const metadata = {
      ...(object.metadata as Json),
      uid: (stored?.metadata as Json | undefined)?.uid ?? `uid-${++this.uid}`,
      resourceVersion: String(rv),
    };
    const next = { ...object, metadata };
    this.objects.set(path, next);
    this.emit({ rv, type: stored ? 'MODIFIED' : 'ADDED', path, object: next });
    return next;
  }

  /** Changes a stored object (e.g. a Deployment's status), telling watchers. */
  update(path: string, change: (object: Json) => Json): Json {
    const stored = this.objects.get(path);
    if (!stored) throw new Error(`fake API: nothing at ${path}`);
    return this.put(path, change(structuredClone(stored)));
  }

  remove(path: string): void {
    const stored = this.objects.get(path);
    if (!stored) return;
    this.objects.delete(path);
    const rv = ++this.resourceVersion;
    const object = {
      ...stored,
      metadata: { ...(stored.metadata as Json), resourceVersion: String(rv) },
    };
    this.emit({ rv, type: 'DELETED', path, object });
  }

  private emit(event: WatchEvent): void {
    this.events.push(event);
    for (const w of this.watches) {
      if (inCollection(event.path, w.collection))
        if (selectorMatches(labelsOf(event.object), w.selector)) w.send(event);
    }
    this.onChange?.(event);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      contentType: req.headers['content-type'],
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks).toString('utf8'),
      rbac: this.rbacOf(req.method ?? 'GET', path, url.searchParams),
    };
    this.requests.push(recorded);
    const intercepted = this.intercept?.(recorded);
    if (intercepted === 'hang') return;
    const parsed = parsePath(path);
    if (!intercepted && req.method === 'GET' && isWatch(url.searchParams) && parsed) {
      this.serveWatch(parsed, url.searchParams, res);
      return;
    }
    const reply = intercepted ?? this.answer(recorded);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'Content-Type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
    });
    res.end(text);
  }

  private rbacOf(method: string, path: string, query: URLSearchParams): RbacAction[] {
    const p = parsePath(path);
    if (!p) return [];
    const resource = p.subresource ? `${p.plural}/${p.subresource}` : p.plural;
    const base = { group: p.group, resource, namespace: p.namespace };
    if (method === 'GET') {
      const verb = p.name === null ? (isWatch(query) ? 'watch' : 'list') : 'get';
      return [{ ...base, verb }];
    }
    if (method === 'DELETE') return [{ ...base, verb: 'delete' }];
    if (method === 'PATCH') {
      const creates = p.name !== null && !this.objects.has(path);
      return [{ ...base, verb: 'patch' }, ...(creates ? [{ ...base, verb: 'create' }] : [])];
    }
    if (method === 'POST') return [{ ...base, verb: 'create' }];
    if (method === 'PUT') return [{ ...base, verb: 'update' }];
    return [];
  }

  private serveWatch(p: ParsedPath, query: URLSearchParams, res: http.ServerResponse) {
    const selector = query.get('labelSelector');
    const from = Number(query.get('resourceVersion') ?? '0');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    const write = (type: string, object: unknown) =>
      res.write(`${JSON.stringify({ type, object })}\n`);
    if (from > 0 && from < this.oldestRv - 1) {
      write('ERROR', statusBody(410, 'Expired', `too old resource version: ${from}`));
      res.end();
      return;
    }
    const watch: OpenWatch = {
      collection: p.collection,
      selector,
      send: (event) => write(event.type, event.object),
      end: () => {
        this.watches.delete(watch);
        res.end();
      },
    };
    // Events are in resourceVersion order: start after `from` (binary search).
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.events[mid]!.rv <= from) lo = mid + 1;
      else hi = mid;
    }
    for (const event of this.events.slice(lo)) {
      if (
        inCollection(event.path, p.collection) &&
        selectorMatches(labelsOf(event.object), selector)
      )
        watch.send(event);
    }
    this.watches.add(watch);
    const open = this.openWatches().get(p.collection) ?? 0;
    this.peakWatches.set(p.collection, Math.max(this.peakWatches.get(p.collection) ?? 0, open));
    res.on('close', () => this.watches.delete(watch));
    const timeout = Number(query.get('timeoutSeconds') ?? '0');
    if (timeout > 0) setTimeout(() => watch.end(), timeout * 1000).unref();
  }

  private answer(req: RecordedRequest): Reply {
    const log = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(req.path);
    if (log && req.method === 'GET') {
      const text = this.logs.get(`${log[1]}/${log[2]}/${req.query.get('container')}`);
      if (text === undefined)
        return {
          status: 400,
          body: statusBody(400, 'BadRequest', `container is waiting to start`),
        };
      const tail = Number(req.query.get('tailLines') ?? 'NaN');
      const lines = text.split('\n').filter(Boolean);
      return { status: 200, body: `${lines.slice(Number.isNaN(tail) ? 0 : -tail).join('\n')}\n` };
    }
    if (req.path.startsWith('/apis/metrics.k8s.io/')) {
      if (!this.metrics) return notFoundResource();
      const items = this.metrics.filter((m) =>
        selectorMatches(labelsOf(m), req.query.get('labelSelector')),
      );
      return {
        status: 200,
        body: { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', items },
      };
    }
    const p = parsePath(req.path);
    if (!p?.info) return notFoundResource();
    const stored = this.objects.get(req.path);
    const notFound = {
      status: 404,
      body: statusBody(404, 'NotFound', `${p.plural} "${p.name}" not found`),
    };
    switch (req.method) {
      case 'GET': {
        if (p.name !== null) return stored ? { status: 200, body: stored } : notFound;
        const items = [...this.objects.entries()]
          .filter(([path]) => inCollection(path, p.collection))
          .map(([, object]) => object)
          .filter((o) => selectorMatches(labelsOf(o), req.query.get('labelSelector')));
        return {
          status: 200,
          body: {
            kind: `${p.info.kind}List`,
            apiVersion: p.group ? `${p.group}/${p.version}` : p.version,
            metadata: { resourceVersion: String(this.resourceVersion) },
            items,
          },
        };
      }
      case 'PATCH':
        return this.patch(req, p, stored);
      case 'DELETE': {
        if (!stored || p.name === null) return notFound;
        if (p.info.kind === 'Namespace') {
          for (const path of [...this.objects.keys()])
            if (parsePath(path)?.namespace === p.name) this.remove(path);
        }
        this.remove(req.path);
        return { status: 200, body: { kind: 'Status', apiVersion: 'v1', status: 'Success' } };
      }
      default:
        return { status: 405, body: statusBody(405, 'MethodNotAllowed', 'method not allowed') };
    }
  }

  private patch(req: RecordedRequest, p: ParsedPath, stored: Json | undefined): Reply {
    const info = p.info!;
    const manager = req.query.get('fieldManager');
    let body: Json;
    try {
      body = JSON.parse(req.body) as Json;
    } catch {
      return { status: 400, body: statusBody(400, 'BadRequest', 'body is not JSON') };
    }
    if (req.contentType === 'application/merge-patch+json') {
      if (!stored)
        return {
          status: 404,
          body: statusBody(404, 'NotFound', `${p.plural} "${p.name}" not found`),
        };
      const next = mergePatch(stored, body) as Json;
      const invalid = this.invalid(info, p, next, req.query);
      if (invalid) return invalid;
      // An update takes the fields it sets from whoever owned them, without conflict.
      const managed = managedOf(stored);
      const taken = [...leaves(body).values()].map(([path]) => path);
      for (const entry of managed)
        entry.paths = entry.paths.filter((q) => !taken.some((t) => pathKey(t) === pathKey(q)));
      if (manager) upsertManager(managed, manager, 'Update', taken);
      return this.store(req.path, stored, next, managed);
    }
    if (req.contentType !== 'application/apply-patch+yaml') {
      return {
        status: 415,
        body: statusBody(
          415,
          'UnsupportedMediaType',
          'the body of the request was in an unknown format',
        ),
      };
    }
    if (!manager)
      return {
        status: 400,
        body: statusBody(400, 'BadRequest', 'fieldManager is required for apply requests'),
      };
    const meta = body.metadata as Json | undefined;
    if (
      body.kind !== info.kind ||
      body.apiVersion !== (p.group ? `${p.group}/${p.version}` : p.version)
    )
      return { status: 400, body: statusBody(400, 'BadRequest', `body is not a ${info.kind}`) };
    if (meta?.name !== p.name || (meta?.namespace ?? null) !== p.namespace)
      return {
        status: 400,
        body: statusBody(
          400,
          'BadRequest',
          'the name or namespace of the object does not match the URL',
        ),
      };
    if (p.namespace && !this.objects.has(`/api/v1/namespaces/${p.namespace}`))
      return {
        status: 404,
        body: statusBody(404, 'NotFound', `namespaces "${p.namespace}" not found`),
      };

    const applied = leaves(body);
    const managed = managedOf(stored);
    const force = req.query.get('force') === 'true';
    const conflicts: string[] = [];
    for (const entry of managed) {
      if (entry.manager === manager) continue;
      for (const owned of entry.paths) {
        const key = pathKey(owned);
        const mine = applied.get(key);
        if (mine && JSON.stringify(getAt(stored, owned)) !== JSON.stringify(mine[1]))
          conflicts.push(`conflict with "${entry.manager}": ${key}`);
      }
    }
    if (conflicts.length > 0 && !force) {
      return {
        status: 409,
        body: statusBody(
          409,
          'Conflict',
          `Apply failed with ${conflicts.length} conflicts: ${conflicts.join('; ')}`,
        ),
      };
    }
    const next: Json = structuredClone(stored ?? {});
    delete next.status;
    // Fields this manager applied before and no longer applies go, unless someone else owns them.
    const previous = managed.find((e) => e.manager === manager && e.operation === 'Apply');
    for (const owned of previous?.paths ?? []) {
      const key = pathKey(owned);
      const others = managed.some((e) => e !== previous && e.paths.some((q) => pathKey(q) === key));
      if (!applied.has(key) && !others) deleteAt(next, owned);
    }
    for (const [path, value] of applied.values()) setAt(next, path, value);
    if (force) {
      for (const entry of managed)
        if (entry.manager !== manager)
          entry.paths = entry.paths.filter((q) => !applied.has(pathKey(q)));
    }
    upsertManager(
      managed,
      manager,
      'Apply',
      [...applied.values()].map(([path]) => path),
      true,
    );
    if (stored?.status) next.status = stored.status;
    const invalid = this.invalid(info, p, next, req.query, body);
    if (invalid) return invalid;
    if (
      stored &&
      info.kind === 'Job' &&
      JSON.stringify((stored.spec as Json).template) !==
        JSON.stringify((next.spec as Json).template)
    ) {
      return immutable(info, p, 'spec.template');
    }
    if (
      stored &&
      ['Deployment', 'StatefulSet'].includes(info.kind) &&
      JSON.stringify((stored.spec as Json).selector) !==
        JSON.stringify((next.spec as Json).selector)
    ) {
      return immutable(info, p, 'spec.selector');
    }
    return this.store(req.path, stored, next, managed);
  }

  /** Schema, unknown fields (Strict) and selector checks; a Reply when the object is refused. */
  private invalid(
    info: KindInfo,
    p: ParsedPath,
    object: Json,
    query: URLSearchParams,
    body?: Json,
  ): Reply | null {
    const { status: _status, ...withoutStatus } = object;
    const error = schemaError(info, withoutStatus);
    if (error) return invalidReply(info, p, error);
    if (body && info.typeName && query.get('fieldValidation') === 'Strict') {
      const unknown = unknownFields(body, info.typeName);
      if (unknown.length > 0) {
        return {
          status: 400,
          body: statusBody(
            400,
            'BadRequest',
            `${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: strict decoding error: ${unknown.map((u) => `unknown field "${u}"`).join(', ')}`,
          ),
        };
      }
    }
    if (info.kind === 'Deployment' || info.kind === 'StatefulSet') {
      const spec = object.spec as Json;
      const selector = (spec.selector as Json | undefined)?.matchLabels as
        Record<string, string> | undefined;
      const labels = ((spec.template as Json | undefined)?.metadata as Json | undefined)?.labels as
        Record<string, string> | undefined;
      const matches = selector && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
      if (!matches)
        return invalidReply(
          info,
          p,
          'spec.template.metadata.labels: Invalid value: `selector` does not match template `labels`',
        );
    }
    return null;
  }

  private store(
    path: string,
    stored: Json | undefined,
    next: Json,
    managed: ManagedEntry[],
  ): Reply {
    const specChanged = JSON.stringify(stored?.spec) !== JSON.stringify(next.spec);
    const generation =
      Number((stored?.metadata as Json | undefined)?.generation ?? 0) +
      (specChanged || !stored ? 1 : 0);
    const metadata = {
      ...(next.metadata as Json),
      generation,
      managedFields: managed
        .filter((e) => e.paths.length > 0)
        .map((e) => ({
          manager: e.manager,
          operation: e.operation,
          fieldsType: 'FieldsV1',
          fieldsV1: fieldsV1(e.paths),
          _paths: e.paths,
        })),
    };
    const saved = this.put(path, { ...next, metadata });
    return { status: stored ? 200 : 201, body: saved };
  }
}

interface ManagedEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  paths: FieldPath[];
}

/** The fake keeps each entry's paths beside the FieldsV1 form (`_paths`) to merge without parsing it. */
function managedOf(stored: Json | undefined): ManagedEntry[] {
  const entries = ((stored?.metadata as Json | undefined)?.managedFields ?? []) as Json[];
  return entries.map((e) => ({
    manager: e.manager as string,
    operation: e.operation as 'Apply' | 'Update',
    paths: structuredClone(e._paths as FieldPath[]),
  }));
}

function upsertManager(
  managed: ManagedEntry[],
  manager: string,
  operation: 'Apply' | 'Update',
  paths: FieldPath[],
  replace = false,
) {
  const entry = managed.find((e) => e.manager === manager && e.operation === operation);
  if (!entry) managed.push({ manager, operation, paths });
  else if (replace) entry.paths = paths;
  else {
    const keys = new Set(entry.paths.map(pathKey));
    entry.paths.push(...paths.filter((q) => !keys.has(pathKey(q))));
  }
}

const isWatch = (query: URLSearchParams) =>
  query.get('watch') === 'true' || query.get('watch') === '1';

/** Whether an object path is directly in a collection (a cluster-wide collection spans namespaces). */
function inCollection(path: string, collection: string): boolean {
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

const notFoundResource = (): Reply => ({
  status: 404,
  body: statusBody(404, 'NotFound', 'the server could not find the requested resource'),
});

function invalidReply(info: KindInfo, p: ParsedPath, message: string): Reply {
  return {
    status: 422,
    body: statusBody(422, 'Invalid', `${info.kind} "${p.name}" is invalid: ${message}`),
  };
}

const immutable = (info: KindInfo, p: ParsedPath, field: string) =>
  invalidReply(info, p, `${field}: Invalid value: field is immutable`);
