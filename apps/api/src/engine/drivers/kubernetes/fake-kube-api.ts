import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers the calls the driver makes as the Kubernetes API does:
 * objects kept in memory by REST path, server-side apply and merge patches, lists filtered by
 * equality label selectors, deletes, pod logs, the metrics API, and JSON Status errors.
 * Every request is recorded for the tests to check.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  authorization: string | undefined;
  body: string;
}

type Json = Record<string, unknown>;
type Reply = { status: number; body: unknown };
/** Answer a request before the fake API does (failures, slowness); undefined = fall through. */
export type Interceptor = (req: RecordedRequest) => Reply | 'hang' | undefined;

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

function matches(labels: Record<string, string> | undefined, selector: string | null): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=');
    return key !== undefined && labels?.[key] === value;
  });
}

/** `/api/v1/<plural>`, `/apis/<group>/<version>/namespaces/<ns>/<plural>`…: a list, not an object. */
function isCollection(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  const rest = parts.slice(parts[0] === 'api' ? 2 : 3);
  return rest.length === 1 || (rest[0] === 'namespaces' && rest.length === 3);
}

export class FakeKubeApi {
  readonly requests: RecordedRequest[] = [];
  readonly objects = new Map<string, Json>();
  /** Pod logs by `<namespace>/<pod>/<container>`. */
  readonly logs = new Map<string, string>();
  /** The metrics API's pod list, or null when metrics-server is not installed. */
  metrics: Json[] | null = null;
  intercept: Interceptor | undefined;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private generation = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Requests other than the GETs of status/list calls, in order: what changed the cluster. */
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      contentType: req.headers['content-type'],
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(recorded);
    const intercepted = this.intercept?.(recorded);
    if (intercepted === 'hang') return;
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
    if (req.path.startsWith('/apis/metrics.k8s.io/')) {
      if (!this.metrics)
        return {
          status: 404,
          body: statusBody(404, 'NotFound', 'the server could not find the requested resource'),
        };
      const items = this.metrics.filter((m) =>
        matches(
          (m.metadata as Json).labels as Record<string, string>,
          req.query.get('labelSelector'),
        ),
      );
      return {
        status: 200,
        body: { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', items },
      };
    }
    const stored = this.objects.get(req.path);
    const notFound = {
      status: 404,
      body: statusBody(404, 'NotFound', `"${req.path.split('/').at(-1)}" not found`),
    };
    switch (req.method) {
      case 'GET': {
        if (stored) return { status: 200, body: stored };
        if (!isCollection(req.path)) return notFound;
        const items = [...this.objects.entries()]
          .filter(
            ([path]) =>
              path.startsWith(`${req.path}/`) && !path.slice(req.path.length + 1).includes('/'),
          )
          .map(([, object]) => object)
          .filter((o) =>
            matches(
              (o.metadata as Json).labels as Record<string, string>,
              req.query.get('labelSelector'),
            ),
          );
        return { status: 200, body: { kind: 'List', apiVersion: 'v1', metadata: {}, items } };
      }
      case 'PATCH':
        return this.patch(req, stored);
      case 'DELETE': {
        if (!stored) return notFound;
        for (const path of [...this.objects.keys()])
          if (path === req.path || path.startsWith(`${req.path}/`)) this.objects.delete(path);
        return { status: 200, body: { kind: 'Status', apiVersion: 'v1', status: 'Success' } };
      }
      default:
        return { status: 405, body: statusBody(405, 'MethodNotAllowed', 'method not allowed') };
    }
  }

  private patch(req: RecordedRequest, stored: Json | undefined): Reply {
    const body = JSON.parse(req.body) as Json;
    if (req.contentType === 'application/apply-patch+yaml') {
      if (!req.query.get('fieldManager')) {
        return {
          status: 400,
          body: statusBody(400, 'BadRequest', 'fieldManager is required for apply requests'),
        };
      }
      const jobTemplateChanged =
        stored?.kind === 'Job' &&
        JSON.stringify((stored.spec as Json).template) !==
          JSON.stringify((body.spec as Json).template);
      if (jobTemplateChanged) {
        return {
          status: 422,
          body: statusBody(
            422,
            'Invalid',
            `Job.batch "${(body.metadata as Json).name}" is invalid: spec.template: Invalid value: field is immutable`,
          ),
        };
      }
      const metadata = {
        ...(body.metadata as Json),
        uid: (stored?.metadata as Json | undefined)?.uid ?? `uid-${++this.generation}`,
        generation: 1,
      };
      this.objects.set(req.path, {
        ...body,
        metadata,
        ...(stored?.status ? { status: stored.status } : {}),
      });
      return { status: stored ? 200 : 201, body: this.objects.get(req.path) };
    }
    if (req.contentType === 'application/merge-patch+json') {
      if (!stored)
        return {
          status: 404,
          body: statusBody(
            404,
            'NotFound',
            `deployments.apps "${req.path.split('/').at(-1)}" not found`,
          ),
        };
      this.objects.set(req.path, mergePatch(stored, body) as Json);
      return { status: 200, body: this.objects.get(req.path) };
    }
    return {
      status: 415,
      body: statusBody(
        415,
        'UnsupportedMediaType',
        `the body of the request was in an unknown format`,
      ),
    };
  }
}
