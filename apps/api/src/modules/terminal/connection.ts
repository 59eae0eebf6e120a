import { terminalTexts } from '@nuage/shared/messages/terminal';
import {
  terminalClientMessageSchema,
  terminalCloseCodes,
  type TerminalEnding,
  type TerminalServerMessage,
} from '@nuage/shared/schemas/terminal';
import type { WebSocket } from 'ws';
import type { ShellSession } from '../../engine/driver';

/** How one terminal session ended, for its audit entry (never what was typed). */
export interface TerminalRecord {
  replica: string | null;
  openedAt: Date;
  closedAt: Date;
  ending: TerminalEnding;
  exitCode: number | null;
}

export interface TerminalConnectionOptions {
  idleMs: number;
  /** How often the caller's right is checked again while the terminal is open. */
  recheckMs: number;
  /** Opens the shell; a French refusal rejects with the text to show. */
  open(): Promise<ShellSession>;
  /** Resolves while the caller may still use the terminal; 'revoked' otherwise. */
  recheck(): Promise<'ok' | 'revoked'>;
  /** French text of an opening failure (a refusal as it is, anything else plainly). */
  refusal(err: unknown): string;
  record(entry: TerminalRecord): Promise<void>;
}

/**
 * One browser terminal: the WebSocket on one side, the runtime's shell on the other. Typed
 * bytes go to the shell, its output back as binary frames; it ends (once) when the shell exits,
 * the browser leaves, nothing is typed for `idleMs`, the caller's right is gone, or the platform
 * stops, and the browser is told why in French before the socket closes.
 */
export class TerminalConnection {
  private shell: ShellSession | null = null;
  private readonly openedAt = new Date();
  private ending: Promise<void> | null = null;
  private readonly done: Promise<void>;
  private markDone!: () => void;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly recheckTimer: NodeJS.Timeout;
  private readonly early: Buffer[] = [];

  constructor(
    private readonly socket: WebSocket,
    private readonly opts: TerminalConnectionOptions,
  ) {
    this.done = new Promise((resolve) => (this.markDone = resolve));
    socket.on('message', (data, isBinary) => this.received(data as Buffer, isBinary));
    socket.on('close', () => void this.end('client'));
    socket.on('error', () => void this.end('client'));
    this.touch();
    this.recheckTimer = setInterval(() => {
      void opts.recheck().then((verdict) => {
        if (verdict === 'revoked') void this.end('revoked');
      });
    }, opts.recheckMs);
  }

  /** Opens the shell; the browser gets `ready`, or the refusal and a closed socket. */
  async start(): Promise<void> {
    let shell: ShellSession;
    try {
      shell = await this.opts.open();
    } catch (err) {
      await this.end('refused', { message: this.opts.refusal(err) });
      return;
    }
    if (this.ending) {
      shell.close();
      return;
    }
    this.shell = shell;
    this.send({ type: 'ready', replica: shell.replica });
    shell.onData((output) => {
      if (this.socket.readyState === this.socket.OPEN) this.socket.send(output, { binary: true });
    });
    shell.onExit((code) => void this.end('exit', { exitCode: code }));
    for (const input of this.early.splice(0)) shell.write(input);
  }

  /** Ends the terminal once; later calls wait for the first one. */
  end(ending: TerminalEnding, how: { message?: string; exitCode?: number | null } = {}) {
    this.ending ??= this.finish(ending, how).finally(this.markDone);
    return this.ending;
  }

  /** Resolves once the terminal ended and its audit entry was written. */
  ended(): Promise<void> {
    return this.done;
  }

  private async finish(
    ending: TerminalEnding,
    how: { message?: string; exitCode?: number | null },
  ): Promise<void> {
    clearInterval(this.recheckTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.shell?.close();
    if (this.socket.readyState === this.socket.OPEN) {
      this.send({ type: 'closed', ending, message: how.message ?? this.endingText(ending, how) });
      this.socket.close(terminalCloseCodes[ending], ending);
    }
    // A refusal opened nothing: no session to record.
    if (ending === 'refused') return;
    await this.opts.record({
      replica: this.shell?.replica ?? null,
      openedAt: this.openedAt,
      closedAt: new Date(),
      ending,
      exitCode: how.exitCode ?? null,
    });
  }

  private endingText(ending: TerminalEnding, how: { exitCode?: number | null }): string {
    switch (ending) {
      case 'exit':
        return terminalTexts.closedExit(how.exitCode ?? null);
      case 'idle':
        return terminalTexts.closedIdle(Math.max(1, Math.round(this.opts.idleMs / 60_000)));
      case 'revoked':
        return terminalTexts.closedRevoked;
      case 'shutdown':
        return terminalTexts.closedShutdown;
      default:
        return terminalTexts.closedByUser;
    }
  }

  private received(data: Buffer, isBinary: boolean): void {
    if (this.ending) return;
    if (isBinary) return this.input(data);
    let parsed: ReturnType<typeof terminalClientMessageSchema.safeParse>;
    try {
      parsed = terminalClientMessageSchema.safeParse(JSON.parse(data.toString('utf8')));
    } catch {
      return; // not JSON: ignored, as any unknown message
    }
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'input') this.input(Buffer.from(message.data, 'utf8'));
    else this.shell?.resize(message.cols, message.rows);
  }

  private input(bytes: Buffer): void {
    this.touch();
    if (this.shell) this.shell.write(bytes);
    else this.early.push(bytes);
  }

  /** Idle means nothing typed: output alone (a `tail -f`) does not keep a terminal open. */
  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.end('idle'), this.opts.idleMs);
  }

  private send(message: TerminalServerMessage): void {
    this.socket.send(JSON.stringify(message));
  }
}
