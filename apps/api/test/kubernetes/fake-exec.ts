import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Interceptor, RecordedRequest } from './fake-kube-api';
import { notFoundResource, rbacOf } from './fake-paths';
import { authorize, type RbacHost } from './fake-rbac';

/**
 * pods/exec on the fake API server (the browser terminal, issue 29): the WebSocket upgrade of
 * `GET …/pods/{name}/exec` with the `v4.channel.k8s.io` subprotocol, after the same recording
 * and RBAC as every request. Behind it, a tiny TTY shell: it echoes what is typed, answers
 * `echo $HOSTNAME` with the pod's name, and `exit N` ends it with the Status the kubelet sends.
 */
export interface ExecOptions {
  /** Pods whose image has no shell: the exec fails as the container runtime says. */
  shellless: Set<string>;
  /** Every resize message received, for the tests. */
  resizes: { pod: string; Width: number; Height: number }[];
}

const wss = new WebSocketServer({
  noServer: true,
  handleProtocols: (protocols) =>
    protocols.has('v4.channel.k8s.io') ? 'v4.channel.k8s.io' : false,
});

export interface ExecHost extends RbacHost {
  readonly requests: RecordedRequest[];
  readonly objects: Map<string, unknown>;
  readonly exec: ExecOptions;
  intercept: Interceptor | undefined;
}

/** An upgrade request: recorded and authorised like any request, then the pod's shell. */
export function handleUpgrade(
  host: ExecHost,
  req: http.IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = decodeURIComponent(url.pathname);
  const recorded: RecordedRequest = {
    method: 'GET',
    path,
    query: url.searchParams,
    contentType: undefined,
    authorization: req.headers.authorization,
    body: '',
    rbac: rbacOf('GET', path, url.searchParams, false),
  };
  host.requests.push(recorded);
  const denied = host.intercept?.(recorded) ?? authorize(host, recorded);
  if (denied === 'hang') return;
  if (denied) return refuseUpgrade(socket, denied.status, JSON.stringify(denied.body));
  const exec = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/exec$/.exec(path);
  if (!exec || !host.objects.has(`/api/v1/namespaces/${exec[1]}/pods/${exec[2]}`))
    return refuseUpgrade(socket, 404, JSON.stringify(notFoundResource().body));
  wss.handleUpgrade(req, socket, head, (ws) => runShell(ws, exec[2]!, host.exec));
}

/** Refuses an upgrade with an HTTP answer (a v1 Status), as the API server does. */
function refuseUpgrade(socket: Duplex, status: number, body: string): void {
  socket.end(
    `HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function runShell(ws: WebSocket, pod: string, opts: ExecOptions): void {
  const send = (channel: number, text: string) =>
    ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(text)]));
  const end = (status: Record<string, unknown>) => {
    send(3, JSON.stringify({ metadata: {}, ...status }));
    ws.close(1000);
  };
  if (opts.shellless.has(pod)) {
    end({
      status: 'Failure',
      message: 'exec: "/bin/sh": stat /bin/sh: no such file or directory: unknown',
    });
    return;
  }
  send(1, '/ # ');
  let line = '';
  ws.on('message', (data: Buffer) => {
    const channel = data[0];
    const payload = data.subarray(1).toString('utf8');
    if (channel === 4) {
      opts.resizes.push({ pod, ...(JSON.parse(payload) as { Width: number; Height: number }) });
      return;
    }
    if (channel !== 0) return;
    for (const char of payload) {
      if (char !== '\r' && char !== '\n') {
        line += char;
        send(1, char);
        continue;
      }
      send(1, '\r\n');
      const typed = line.trim();
      line = '';
      const exit = /^exit(?:\s+(\d+))?$/.exec(typed);
      if (exit) {
        const code = Number(exit[1] ?? 0);
        return end(
          code === 0
            ? { status: 'Success' }
            : {
                status: 'Failure',
                reason: 'NonZeroExitCode',
                message: `command terminated with non-zero exit code: ${code}`,
                details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
              },
        );
      }
      if (typed === 'echo $HOSTNAME') send(1, `${pod}\r\n`);
      else if (typed) send(1, `sh: ${typed.split(' ')[0]}: not found\r\n`);
      send(1, '/ # ');
    }
  });
}
