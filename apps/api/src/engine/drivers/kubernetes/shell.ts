import { terminalTexts } from '@nuage/shared/messages/terminal';
import type { IPod } from 'kubernetes-models/v1/Pod';
import type WebSocket from 'ws';
import {
  RuntimeRejectedError,
  RuntimeUnavailableError,
  ShellRefusedError,
  type ShellRequest,
  type ShellSession,
} from '../../driver';
import { LABELS } from '../../spec';
import type { KubeClient } from './kube-client';
import { podLogPath } from './paths';

/** pods/exec's channels: the first byte of every binary message (v4.channel.k8s.io). */
const STDIN = 0;
const STDOUT = 1;
const STDERR = 2;
const STATUS = 3;
const RESIZE = 4;
export const EXEC_PROTOCOL = 'v4.channel.k8s.io';

/** bash when the image has it, else sh; an image without /bin/sh fails the exec itself. */
const SHELL_SCRIPT =
  'export TERM=xterm-256color; if [ -x /bin/bash ]; then exec /bin/bash; fi; exec /bin/sh';
/** How long a failed exec takes to say so before the shell is taken as started. */
const START_WAIT_MS = 1000;

/**
 * A shell with a TTY in a running pod of the application (issue 29), over the API server's
 * pods/exec WebSocket. `pods` are the application's pods (the driver's watch cache).
 */
export async function openShellOnKubernetes(
  client: KubeClient,
  pods: IPod[],
  request: ShellRequest,
): Promise<ShellSession> {
  const pod = chooseReplica(pods, request.replica);
  const name = pod.metadata!.name!;
  const query = new URLSearchParams({ stdin: 'true', stdout: 'true', tty: 'true' });
  query.set('container', pod.spec!.containers[0]!.name);
  for (const part of ['/bin/sh', '-c', SHELL_SCRIPT]) query.append('command', part);
  const path = podLogPath(pod.metadata!.namespace!, name).replace(/\/log$/, '/exec');
  const ws = await client.webSocket(path, query, EXEC_PROTOCOL);
  // Listening before `open`: the first messages may come in the same read as the handshake.
  const session = new KubernetesShell(name, ws);
  await opened(ws);
  const failure = await session.startFailure();
  if (failure !== null) {
    ws.close();
    if (/no such file|not found|executable file/i.test(failure))
      throw new ShellRefusedError(terminalTexts.noShell);
    throw new RuntimeRejectedError(failure);
  }
  session.resize(request.cols, request.rows);
  return session;
}

function chooseReplica(pods: IPod[], named: string | undefined): IPod {
  const running = pods
    .filter(
      (p) =>
        p.metadata?.labels?.[LABELS.component] === 'app' &&
        p.status?.phase === 'Running' &&
        !p.metadata?.deletionTimestamp,
    )
    .sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
  if (named) {
    const found = running.find((p) => p.metadata?.name === named);
    if (!found) throw new ShellRefusedError(terminalTexts.unknownReplica(named));
    return found;
  }
  const first = running[0];
  if (!first) throw new ShellRefusedError(terminalTexts.noRunningReplica);
  return first;
}

function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => {
        const message = (JSON.parse(body || '{}') as { message?: string }).message ?? body;
        reject(new RuntimeRejectedError(`pods/exec ${res.statusCode}: ${message.slice(0, 300)}`));
      });
    });
    ws.once('error', (err) =>
      reject(new RuntimeUnavailableError(`pods/exec: ${err.message}`, { cause: err })),
    );
  });
}

/** What pods/exec says on its status channel when the command ends (a v1 Status). */
interface ExecStatus {
  status?: string;
  message?: string;
  details?: { causes?: { reason?: string; message?: string }[] };
}

/** The exit code of a pods/exec status: Success, or NonZeroExitCode with an ExitCode cause. */
function exitCodeOf(status: ExecStatus): number | null {
  if (status.status === 'Success') return 0;
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  return cause ? Number(cause.message) : null;
}

class KubernetesShell implements ShellSession {
  private readonly early: Buffer[] = [];
  private dataListener: ((output: Buffer) => void) | null = null;
  private readonly exitListeners: ((code: number | null) => void)[] = [];
  private status: ExecStatus | null = null;
  private exited = false;
  private heard = false;
  private firstMessage: () => void = () => undefined;

  constructor(
    readonly replica: string,
    private readonly ws: WebSocket,
  ) {
    ws.on('message', (data: Buffer) => this.received(data));
    ws.on('close', () => this.finish());
    ws.on('error', () => ws.terminate());
  }

  /** The exec's failure message when it fails at once (no shell), else null. */
  async startFailure(): Promise<string | null> {
    if (!this.heard)
      await new Promise<void>((resolve) => {
        this.firstMessage = resolve;
        setTimeout(resolve, START_WAIT_MS).unref();
      });
    if (this.status && this.status.status !== 'Success') return this.status.message ?? '';
    return null;
  }

  write(input: Buffer | string): void {
    this.send(STDIN, Buffer.from(input));
  }

  onData(listener: (output: Buffer) => void): void {
    this.dataListener = listener;
    for (const chunk of this.early.splice(0)) listener(chunk);
  }

  onExit(listener: (exitCode: number | null) => void): void {
    this.exitListeners.push(listener);
  }

  resize(cols: number, rows: number): void {
    this.send(RESIZE, Buffer.from(JSON.stringify({ Width: cols, Height: rows })));
  }

  /** Closing the stream hangs the TTY up: the runtime ends the shell. */
  close(): void {
    this.ws.close();
  }

  private send(channel: number, payload: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN)
      this.ws.send(Buffer.concat([Buffer.from([channel]), payload]));
  }

  private received(data: Buffer): void {
    this.heard = true;
    this.firstMessage();
    const channel = data[0];
    const payload = data.subarray(1);
    if (channel === STDOUT || channel === STDERR) {
      if (this.dataListener) this.dataListener(payload);
      else this.early.push(payload);
    } else if (channel === STATUS && payload.length) {
      this.status = JSON.parse(payload.toString('utf8')) as ExecStatus;
    }
  }

  private finish(): void {
    if (this.exited) return;
    this.exited = true;
    const code = this.status ? exitCodeOf(this.status) : null;
    for (const listener of this.exitListeners) listener(code);
  }
}
