import { terminalTexts } from '@nuage/shared/messages/terminal';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { ShellRefusedError, type ShellRequest, type ShellSession } from '../../driver';
import type { ApplicationRef } from '../../spec';
import type { EngineApi, ContainerInspect } from './engine-api';
import { execIn } from './exec';
import { startHijackedExec } from './hijacked-exec';
import { applicationContainers, componentOf, containerName } from './objects';

/** Shells tried in this order: bash is friendlier, sh is what most images have. */
const SHELLS = ['/bin/bash', '/bin/sh'];

/**
 * The engine leaves an exec's processes running when its connection closes: a closed terminal
 * would leave its shell (and whatever it ran) behind. Each session's processes carry a marker
 * in their environment (inherited by children), and closing hangs them up, then kills what is
 * left, with the shell's builtins and `cat` only. The killer's own marker has another name.
 */
const MARKER = 'NUAGE_TERMINAL';
const HANG_UP = [
  'for p in /proc/[0-9]*; do',
  `  case "$(cat "$p/environ" 2>/dev/null)" in *"${MARKER}=$${MARKER}_END"*) set -- "$@" "\${p#/proc/}";; esac;`,
  'done; [ $# -gt 0 ] || exit 0;',
  'kill -HUP "$@" 2>/dev/null; sleep 1; kill -KILL "$@" 2>/dev/null; exit 0',
].join(' ');

/**
 * A shell with a TTY in a running replica (issue 29, the browser terminal): an exec of the
 * first shell the image has, its connection hijacked for the bytes both ways.
 */
export async function openShellOnDocker(
  api: EngineApi,
  ref: ApplicationRef,
  request: ShellRequest,
): Promise<ShellSession> {
  const container = await chooseReplica(api, ref, request.replica);
  const shell = await firstShell(api, container.Id);
  if (!shell) throw new ShellRefusedError(terminalTexts.noShell);
  const marker = randomBytes(16).toString('hex');
  const exec = await api.client.json<{ Id: string }>('POST', `/containers/${container.Id}/exec`, {
    body: {
      Cmd: [shell],
      Env: ['TERM=xterm-256color', `${MARKER}=${marker}`],
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: true,
    },
  });
  const { socket, head } = await startHijackedExec(api.client.socketPath, exec.Id, {
    cols: request.cols,
    rows: request.rows,
  });
  const hangUp = () =>
    execIn(api, container.Id, {
      cmd: [shell, '-c', HANG_UP],
      env: [`${MARKER}_END=${marker}`],
      timeoutMs: 15_000,
    }).then(() => undefined);
  const session = new DockerShell(api, exec.Id, containerName(container), socket, head, hangUp);
  session.resize(request.cols, request.rows); // Docker's first size (see startHijackedExec)
  return session;
}

/** The named replica, or the first running one (by name) when none is named. */
async function chooseReplica(
  api: EngineApi,
  ref: ApplicationRef,
  named: string | undefined,
): Promise<ContainerInspect> {
  const all = await applicationContainers(api, ref.deploymentId, ref.name);
  const running = [...all.values()]
    .filter((c) => componentOf(c) === 'application' && c.State.Running)
    .sort((a, b) => containerName(a).localeCompare(containerName(b)));
  if (named) {
    const found = running.find((c) => containerName(c) === named);
    if (!found) throw new ShellRefusedError(terminalTexts.unknownReplica(named));
    return found;
  }
  const first = running[0];
  if (!first) throw new ShellRefusedError(terminalTexts.noRunningReplica);
  return first;
}

/** Whether the file exists in the container, asked without running anything in it. */
async function firstShell(api: EngineApi, containerId: string): Promise<string | null> {
  for (const path of SHELLS) {
    const res = await api.client.send('HEAD', `/containers/${containerId}/archive`, {
      query: { path },
    });
    if (res.status < 300) return path;
  }
  return null;
}

class DockerShell implements ShellSession {
  private exitListeners: ((code: number | null) => void)[] = [];
  private exited = false;

  constructor(
    private readonly api: EngineApi,
    private readonly execId: string,
    readonly replica: string,
    private readonly socket: Socket,
    private readonly head: Buffer,
    private readonly hangUp: () => Promise<void>,
  ) {
    socket.on('error', () => socket.destroy());
    socket.on('close', () => void this.finish());
  }

  write(input: Buffer | string): void {
    if (!this.socket.destroyed) this.socket.write(input);
  }

  onData(listener: (output: Buffer) => void): void {
    if (this.head.length) listener(this.head);
    this.socket.on('data', listener);
    this.socket.resume();
  }

  onExit(listener: (exitCode: number | null) => void): void {
    this.exitListeners.push(listener);
  }

  resize(cols: number, rows: number): void {
    this.api.client
      .send('POST', `/exec/${this.execId}/resize`, { query: { h: rows, w: cols } })
      .catch(() => undefined); // a shell that just exited has nothing left to resize
  }

  /** Ends the shell and what it started (see MARKER), then the connection. */
  close(): void {
    if (this.exited || this.socket.destroyed) return;
    void this.hangUp()
      .catch(() => undefined) // the container is gone, or has no `cat`: the connection still closes
      .finally(() => {
        this.socket.end();
        setTimeout(() => this.socket.destroy(), 2000).unref();
      });
  }

  private async finish(): Promise<void> {
    if (this.exited) return;
    this.exited = true;
    const inspected = await this.api.client
      .optional<{ ExitCode: number | null; Running: boolean }>('GET', `/exec/${this.execId}/json`)
      .catch(() => null);
    const code = inspected && !inspected.Running ? inspected.ExitCode : null;
    for (const listener of this.exitListeners) listener(code);
  }
}
