import http from 'node:http';
import { RuntimeUnavailableError } from '../../driver';

/**
 * The Docker Engine API over its unix socket, with node:http and nothing else. v1.41 is the
 * version Podman 4.x answers on its compatible API and Docker 24+ still serves (they accept
 * every version down to 1.24), so one prefix works for both engines.
 */
export const ENGINE_API_VERSION = 'v1.41';
/** Podman's own API (`/libpod/…` paths) answers only from version 4 on. */
export const LIBPOD_API_VERSION = 'v4.0.0';

/** The engine answered with a 4xx: the caller decides (404 often means "already gone"). */
export class EngineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export interface RequestOptions {
  /** An array value repeats the parameter (`changes=…&changes=…`). */
  query?: Record<string, string | number | boolean | string[] | undefined>;
  /** A JSON body, or raw bytes sent as application/x-tar. */
  body?: unknown;
  timeoutMs?: number;
  /** Extra request headers (a pull's X-Registry-Auth). Never logged. */
  headers?: Record<string, string>;
  /** Streamed response bodies (logs, pulls) are handed over chunk by chunk. */
  onData?: (chunk: Buffer) => void;
}

export interface EngineResponse {
  status: number;
  body: Buffer;
}

export class EngineClient {
  constructor(
    readonly socketPath: string,
    private readonly defaultTimeoutMs = 30_000,
  ) {}

  /**
   * One request. Connection failures, timeouts and 5xx become RuntimeUnavailableError (the
   * reconciler retries); a 4xx becomes EngineError; 2xx/3xx resolve.
   */
  async request(method: string, path: string, opts: RequestOptions = {}): Promise<EngineResponse> {
    let res = await this.send(method, path, opts);
    // A read that raced with a process's exit is asked again (GETs change nothing).
    for (let retry = 1; method === 'GET' && retry <= 3 && vanishedProcess(res); retry++) {
      await new Promise((r) => setTimeout(r, 100 * retry));
      res = await this.send(method, path, opts);
    }
    if (res.status < 400) return res;
    const message = errorMessage(res);
    const status = normalisedStatus(res.status, message);
    if (status >= 500) {
      throw new RuntimeUnavailableError(`container engine error on ${method} ${path}: ${message}`);
    }
    throw new EngineError(status, message);
  }

  async json<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.request(method, path, opts);
    return (res.body.length ? JSON.parse(res.body.toString('utf8')) : null) as T;
  }

  /** Like request, but 404 resolves to null (inspect of something that may not exist). */
  async optional<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T | null> {
    try {
      return await this.json<T>(method, path, opts);
    } catch (err) {
      if (err instanceof EngineError && err.status === 404) return null;
      throw err;
    }
  }

  /** The raw exchange; never throws on an HTTP status. */
  send(method: string, path: string, opts: RequestOptions = {}): Promise<EngineResponse> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
        query.append(k, String(item));
      }
    }
    const qs = query.toString();
    const version = path.startsWith('/libpod/') ? LIBPOD_API_VERSION : ENGINE_API_VERSION;
    const fullPath = `/${version}${path}${qs ? `?${qs}` : ''}`;
    let payload: Buffer | undefined;
    let contentType: string | undefined;
    if (Buffer.isBuffer(opts.body)) {
      payload = opts.body;
      contentType = 'application/x-tar';
    } else if (opts.body !== undefined) {
      payload = Buffer.from(JSON.stringify(opts.body), 'utf8');
      contentType = 'application/json';
    }
    const timeoutMs = opts.timeoutMs ?? this.defaultTimeoutMs;
    const what = `${method} ${path}`;

    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          socketPath: this.socketPath,
          method,
          path: fullPath,
          headers: {
            host: 'docker',
            ...opts.headers,
            ...(contentType ? { 'content-type': contentType } : {}),
            'content-length': payload?.length ?? 0,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (opts.onData) opts.onData(chunk);
            else chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
          res.on('error', (err) => reject(unavailable(what, err)));
          // A socket closed before the end of the body (engine killed) never emits 'end'.
          res.on('close', () => {
            if (!res.complete) reject(unavailable(what, new Error('connection closed mid-answer')));
          });
        },
      );
      // The timer covers the whole exchange, streamed bodies included.
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(unavailable(what, err));
      });
      req.end(payload);
    });
  }
}

function unavailable(what: string, err: Error): RuntimeUnavailableError {
  return new RuntimeUnavailableError(`container engine unreachable (${what}): ${err.message}`, {
    cause: err,
  });
}

/**
 * Podman's compatible API answers 500 where Docker answers 409 (name taken, object in use,
 * wrong state), 404 or 400 (the image's command cannot run): give them Docker's status so
 * callers handle one engine, and a broken image is not retried as an outage.
 */
const PODMAN_STATUS: [RegExp, number][] = [
  [/already (in use|exists)|is being used|in use by|has associated containers/i, 409],
  // runc's own answer to a kill or stop of a process that has just exited (a replica crashing
  // at start while it is being removed): a state conflict, not an engine outage.
  [/state improper|is not running|container not running/i, 409],
  [/no such (container|image|volume|network|object)|(network|volume) not found/i, 404],
  [/executable file not found|attempted to invoke a command that was not found/i, 400],
];

/**
 * Podman 4.3 lists containers by reading each one's /proc/<pid>/cgroup: when a crash-looping
 * replica's process exits at that moment, the whole listing answers 500 "read /proc/…/cgroup:
 * no such process". Its `/system/df` walks every container the same way and answers "failed to
 * get state of container <id>: … no such container" when one is removed meanwhile. Neither is an
 * outage nor about what was asked: the same read a moment later succeeds.
 */
const RACED_WITH_REMOVAL = [
  /\/proc\/\d+\/\S*: no such process/,
  /failed to get state of container \w+: .*no such container/,
];
function vanishedProcess(res: EngineResponse): boolean {
  if (res.status < 500) return false;
  const message = errorMessage(res);
  return RACED_WITH_REMOVAL.some((pattern) => pattern.test(message));
}

function normalisedStatus(status: number, message: string): number {
  if (status < 500) return status;
  return PODMAN_STATUS.find(([pattern]) => pattern.test(message))?.[1] ?? status;
}

function errorMessage(res: EngineResponse): string {
  const text = res.body.toString('utf8');
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the text itself is the best reason we have.
  }
  return text.trim().slice(0, 500) || `HTTP ${res.status}`;
}
