type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One request the app sent, as the fake API saw it. */
export interface FakeRequest {
  method: Method;
  /** Path under /api/v1, without the query string (e.g. '/auth/login'). */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A streamed body (text/event-stream) instead of JSON: see `createSseFeed`. */
  stream?: ReadableStream<Uint8Array>;
}

/** The stream ends with an AbortError when the app aborts the request, as a real fetch does. */
function abortable(stream: ReadableStream<Uint8Array>, signal: AbortSignal | null | undefined) {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => {
        controller.error(new DOMException('aborted', 'AbortError'));
        void reader.cancel().catch(() => undefined);
      });
    },
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        controller.error(err);
      }
    },
  });
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/**
 * A small programmable stand-in for the API, installed as `fetch`. Each test says what a call
 * answers (`on`), then reads what the app sent (`calls`). An unprogrammed call answers 404
 * with a detail naming it, so it shows up in the error toast of the test that forgot it.
 */
export function createFakeApi() {
  const handlers = new Map<string, FakeHandler>();
  const calls: FakeRequest[] = [];

  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase() as Method;
    const path = url.pathname.replace(/^\/api\/v1/, '').replace(/(.)\/$/, '$1');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = {
      method,
      path,
      query: url.searchParams,
      body,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
    };
    calls.push(request);
    const handler = handlers.get(`${method} ${path}`);
    const reply: FakeReply = handler
      ? await handler(request)
      : { status: 404, body: { detail: `Fake API: nothing programmed for ${method} ${path}` } };
    const status = reply.status ?? 200;
    if (reply.stream) {
      return new Response(abortable(reply.stream, init.signal), {
        status,
        headers: { 'content-type': 'text/event-stream', ...reply.headers },
      });
    }
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };

  const api = {
    fetch: fetchFn,
    calls,
    /** Programs `method path`: a fixed reply or a handler (which may wait, to hold a call open). */
    on(method: Method, path: string, reply: FakeReply | FakeHandler) {
      handlers.set(`${method} ${path}`, typeof reply === 'function' ? reply : () => reply);
      return api;
    },
    has(method: Method, path: string) {
      return handlers.has(`${method} ${path}`);
    },
    /** The calls made to `method path`, oldest first. */
    callsTo(method: Method, path: string) {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
  return api;
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/** A promise the test resolves itself: keeps a call pending to observe loading states. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
