import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { admitCreate } from './fake-admission';
import { fieldsV1 } from './field-sets';
import { deleteNamespace } from './fake-namespaces';
import {
  inCollection,
  isWatch,
  labelsOf,
  notFoundResource,
  parsePath,
  rbacOf,
  type RbacAction,
  selectorMatches,
  statusBody,
  type Json,
  type Reply,
} from './fake-paths';
import { ingressAdmissionDenial } from './fake-ingress-admission';
import { startQuotaController } from './fake-quota';
import { authorize } from './fake-rbac';
import { patchObject, type ManagedEntry } from './fake-writes';
import { WatchHub, type WatchEvent } from './fake-watches';
import { RequestCounter } from './fake-request-counter';
import { handleUpgrade, type ExecOptions } from './fake-exec';

export type { WatchEvent } from './fake-watches';

export { selectorMatches, statusBody, type RbacAction } from './fake-paths';

/**
 * A strict stand-in for the Kubernetes API server, for the driver's tests:
 * - server-side apply merges by field manager: each manager owns the fields it applied, a
 *   field another manager owns with a different value is a 409 conflict unless `force`, fields
 *   a manager stops applying are removed (metadata.managedFields shows the sets);
 * - bodies are checked against the kinds' schemas (kubernetes-models) and, with
 *   `fieldValidation=Strict`, unknown fields are refused as the API server does;
 * - namespaced objects need their namespace; Deployment/StatefulSet selectors must match their
 *   template labels; a Job's template and a workload's selector are immutable;
 * - LIST with label selectors, GET, DELETE, merge patches, WATCH streams (JSON lines, resumed
 *   from a resourceVersion, 410 once compacted);
 * - what a real cluster adds around that: RBAC of the platform's account, RoleBinding-gated
 *   in each namespace (fake-rbac.ts); creates admitted by NamespaceLifecycle, LimitRange
 *   defaults and ResourceQuota (fake-admission.ts, fake-quota.ts) with the quota controller's
 *   status; namespaces that finalise later (fake-namespaces.ts);
 * - pod logs and the metrics API; every request is recorded with its RBAC verb and resource,
 *   in one place (handle()), before anything answers it;
 * - ingress-nginx's admission webhook: no second Ingress for a host and path.
 * Workload controllers and the kubelet are opt-in (fake-controllers.ts): many tests seed the
 * status they need by hand.
 */

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

/** Answer a request before the fake API does (failures, slowness); undefined = fall through. */
export type Interceptor = (req: RecordedRequest) => Reply | 'hang' | undefined;

export class FakeKubeApi {
  readonly requests: RecordedRequest[] = [];
  /** Requests per verb and path, and the User-Agents seen (fake-request-counter.ts). */
  readonly counter = new RequestCounter();
  /** Stored objects by REST path. Write through put()/update() so watchers hear of it. */
  readonly objects = new Map<string, Json>();
  /** Pod logs by `<namespace>/<pod>/<container>`. */
  readonly logs = new Map<string, string>();
  /** The metrics API's pod list, or null when metrics-server is not installed. */
  metrics: Json[] | null = null;
  /**
   * The kubelets' stats summaries by node (`/api/v1/nodes/{node}/proxy/stats/summary`); a node
   * absent here answers as an unreachable kubelet does through the API server (503).
   */
  readonly kubeletStats = new Map<string, Json>();
  /**
   * Cluster-wide grants beyond platform.yaml's own (`group|resource|verb`), as an operator adds
   * them: deploy/kubernetes/volume-stats.yaml grants `|nodes/proxy|get`.
   */
  readonly clusterGrants = new Set<string>();
  intercept: Interceptor | undefined;
  /** Called after every change (tests check invariants at every instant, e.g. quota sums). */
  onChange: ((event: WatchEvent) => void) | undefined;
  /** Controllers that react to changes as the cluster's would (fake-controllers.ts). */
  readonly controllers = new Set<(event: WatchEvent) => void>();
  /** Namespaces where platform.yaml itself binds a Role to the platform's account. */
  readonly operatorGrants = new Set(['nuagedeploy-certificats']);
  /** How long a deleted namespace stays Terminating before it and its content are gone. */
  namespaceFinalizeMs = 50;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Paths of each namespace's objects: admission and RBAC look there at every request. */
  private readonly byNamespace = new Map<string, Set<string>>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly hub = new WatchHub();
  private resourceVersion = 0;
  private uid = 0;
  /** Most watches ever open at once, per collection. */
  readonly peakWatches = this.hub.peakWatches;

  /** pods/exec's shells (fake-exec.ts). */
  readonly exec: ExecOptions = { shellless: new Set(), resizes: [] };

  constructor() {
    // Part of every cluster (kube-controller-manager), not of a test's choosing.
    startQuotaController(this);
    this.server.on('upgrade', (req, socket, head) => handleUpgrade(this, req, socket, head));
  }

  /** Runs `fn` after `ms` unless the server is closed first (controllers' delays). */
  later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.hub.drop();
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
    return this.hub.openWatches();
  }

  /** Forgets the event history: every watch resumed from an older resourceVersion gets 410. */
  compact(): void {
    this.hub.compact(this.resourceVersion + 1);
  }

  /** Ends every open watch (as an API server restart or a load balancer timeout does). */
  dropWatches(): void {
    this.hub.drop();
  }

  /** Whether an object is stored at this path. */
  has(path: string): boolean {
    return this.objects.has(path);
  }

  /** The objects stored in a namespace (written through put()), by path. */
  *objectsIn(namespace: string): IterableIterator<[string, Json]> {
    for (const path of this.byNamespace.get(namespace) ?? []) {
      const object = this.objects.get(path);
      if (object) yield [path, object];
    }
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
    const namespace = parsePath(path)?.namespace;
    if (namespace) {
      let paths = this.byNamespace.get(namespace);
      if (!paths) this.byNamespace.set(namespace, (paths = new Set()));
      paths.add(path);
    }
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
    const namespace = parsePath(path)?.namespace;
    if (namespace) this.byNamespace.get(namespace)?.delete(path);
    const rv = ++this.resourceVersion;
    const object = {
      ...stored,
      metadata: { ...(stored.metadata as Json), resourceVersion: String(rv) },
    };
    this.emit({ rv, type: 'DELETED', path, object });
    // The garbage collector: what the removed object owned (ownerReferences by uid) goes too.
    const uid = (stored.metadata as Json).uid;
    for (const [other, o] of [...this.objects]) {
      const owners = ((o.metadata as Json).ownerReferences ?? []) as Json[];
      if (owners.some((ref) => ref.uid === uid)) this.remove(other);
    }
  }

  private emit(event: WatchEvent): void {
    this.hub.emit(event);
    this.onChange?.(event);
    for (const controller of this.controllers) controller(event);
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
      rbac: rbacOf(req.method ?? 'GET', path, url.searchParams, this.objects.has(path)),
    };
    this.requests.push(recorded);
    this.counter.count(recorded, req.headers['user-agent']);
    const intercepted = this.intercept?.(recorded) ?? authorize(this, recorded) ?? undefined;
    if (intercepted === 'hang') return;
    const parsed = parsePath(path);
    if (!intercepted && req.method === 'GET' && isWatch(url.searchParams) && parsed) {
      this.hub.serve(parsed, url.searchParams, res);
      return;
    }
    const reply = intercepted ?? this.answer(recorded);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'Content-Type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
    });
    res.end(text);
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
    const stats = /^\/api\/v1\/nodes\/([^/]+)\/proxy\/stats\/summary$/.exec(req.path);
    if (stats && req.method === 'GET') {
      const summary = this.kubeletStats.get(stats[1]!);
      if (!summary)
        return {
          status: 503,
          body: statusBody(
            503,
            'ServiceUnavailable',
            `error trying to reach service: dial tcp 10.0.0.9:10250: connect: connection refused`,
          ),
        };
      return { status: 200, body: summary };
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
        return patchObject(this, req, p, stored);
      case 'DELETE': {
        if (!stored || p.name === null) return notFound;
        if (p.info.kind === 'Namespace') return deleteNamespace(this, req.path, stored);
        this.remove(req.path);
        return { status: 200, body: { kind: 'Status', apiVersion: 'v1', status: 'Success' } };
      }
      default:
        return { status: 405, body: statusBody(405, 'MethodNotAllowed', 'method not allowed') };
    }
  }

  /** Stores a write's result with its generation (bumped when the spec changes) and field managers. */
  store(path: string, stored: Json | undefined, proposed: Json, managed: ManagedEntry[]): Reply {
    let next = proposed;
    if (next.kind === 'Ingress') {
      const denied = ingressAdmissionDenial(this.objects, path, next);
      if (denied) return { status: 400, body: statusBody(400, 'BadRequest', denied) };
    }
    if (!stored) {
      const p = parsePath(path)!;
      const admitted = admitCreate(this, p, p.namespace, p.name, proposed);
      if ('refused' in admitted) return admitted.refused;
      next = admitted.object;
    }
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
