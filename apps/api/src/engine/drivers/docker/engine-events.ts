import http from 'node:http';
import { ENGINE_API_VERSION } from './engine-client';

/** A container's start or end, as the engine's event stream tells it. */
export interface ContainerEvent {
  action: 'start' | 'die';
  /** The container's name, without Docker's leading slash. */
  name: string;
  /** Its labels (Docker and Podman both give them among the actor's attributes). */
  labels: Record<string, string>;
}

interface RawEvent {
  Type?: string;
  Action?: string;
  status?: string;
  Actor?: { Attributes?: Record<string, string> };
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * Follows the engine's `/events` stream for containers starting and ending, and hands each to
 * `onEvent`; reconnects (1 s, doubling to 30 s) when the engine restarts or the socket breaks.
 * What happened while disconnected is not replayed: the driver's periodic observation catches
 * it up. Only the `container` type is filtered on the engine's side: Podman matches an `event`
 * filter against its own names (`died`), Docker against `die`.
 */
export class ContainerEventWatch {
  private request: http.ClientRequest | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private retryMs = FIRST_RETRY_MS;

  constructor(
    private readonly socketPath: string,
    private readonly onEvent: (event: ContainerEvent) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.request?.destroy();
    this.request = null;
  }

  private connect() {
    const filters = encodeURIComponent(JSON.stringify({ type: ['container'] }));
    const req = http.request({
      socketPath: this.socketPath,
      method: 'GET',
      path: `/${ENGINE_API_VERSION}/events?filters=${filters}`,
      headers: { host: 'docker' },
    });
    this.request = req;
    // A stream open for the process's life must not keep it alive (a test that never closes).
    req.on('socket', (socket) => socket.unref());
    req.on('error', () => this.reconnect(req));
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        this.reconnect(req);
        return;
      }
      this.retryMs = FIRST_RETRY_MS;
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        let newline: number;
        while ((newline = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, newline).trim();
          pending = pending.slice(newline + 1);
          const event = line ? parseEvent(line) : null;
          if (event) this.onEvent(event);
        }
      });
      res.on('error', () => this.reconnect(req));
      res.on('end', () => this.reconnect(req));
    });
    req.end();
  }

  private reconnect(req: http.ClientRequest) {
    if (this.stopped || this.request !== req) return;
    this.request = null;
    req.destroy();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }
}

/** One line of the stream, or null for other types, other actions and anything unreadable. */
export function parseEvent(line: string): ContainerEvent | null {
  let raw: RawEvent;
  try {
    raw = JSON.parse(line) as RawEvent;
  } catch {
    return null;
  }
  const action = raw.Action ?? raw.status;
  if (raw.Type !== 'container' || (action !== 'start' && action !== 'die')) return null;
  const { name = '', ...labels } = raw.Actor?.Attributes ?? {};
  return name ? { action, name: name.replace(/^\//, ''), labels } : null;
}
