import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedPostgresError } from './binaries';
import { spawnOptions, type ProgramOptions } from './run-program';
import { ServerOutput, type ServerLog } from './server-log';

export interface PostmasterOptions extends ProgramOptions {
  postgres: string;
  clusterDir: string;
  /** Command-line settings (`-c name=value`), re-read at every start. */
  settings: Record<string, string>;
  log: ServerLog;
}

const READY_TIMEOUT_MS = 60_000;
/** Waits before each restart of a server that died; the last one repeats. */
const RESTART_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];
/** A server up this long is healthy again: the next crash restarts it at once. */
const STABLE_AFTER_MS = 30_000;

/**
 * The server process, a child of the platform: started and awaited until it accepts
 * connections, restarted whenever it dies unasked (kill -9, out of memory), stopped with a fast
 * shutdown. In a process group of its own, so a Ctrl-C in the terminal reaches only the platform,
 * which stops the server after its last query.
 */
export class Postmaster {
  private child: ChildProcess | undefined;
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly stopOnExit = () => this.child?.kill('SIGINT');

  constructor(private readonly options: PostmasterOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server, trying again briefly (a killed server's processes may still be leaving). */
  async start(): Promise<void> {
    process.on('exit', this.stopOnExit);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.startOnce();
      } catch (err) {
        if (this.stopping || attempt >= 3) throw err;
        await sleep(RESTART_DELAYS_MS[attempt + 1]!);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    process.off('exit', this.stopOnExit);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    const escalate = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    await exited;
    clearTimeout(escalate);
  }

  private async startOnce(): Promise<void> {
    const { postgres, clusterDir, settings, log } = this.options;
    const args = [
      '-D',
      clusterDir,
      ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ];
    const child = spawn(postgres, args, { ...spawnOptions(this.options), detached: true });
    this.child = child;
    const output = new ServerOutput(log);
    child.stdout?.on('data', (chunk: Buffer) => output.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.write(chunk));
    const up: { since?: number } = {};
    child.once('exit', (code, signal) => {
      // A start that fails is the starter's to report; only a server that was up is restarted.
      if (this.stopping || this.child !== child || up.since === undefined) return;
      log.error(
        { code, signal, output: output.tail() },
        'the embedded PostgreSQL stopped unexpectedly; restarting it',
      );
      if (Date.now() - up.since > STABLE_AFTER_MS) this.failures = 0;
      this.scheduleRestart();
    });
    await this.waitUntilReady(child, output);
    up.since = Date.now();
  }

  /** PostgreSQL writes "ready" on the last line of postmaster.pid once it accepts connections. */
  private async waitUntilReady(child: ChildProcess, output: ServerOutput) {
    const pidFile = path.join(this.options.clusterDir, 'postmaster.pid');
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
        throw new EmbeddedPostgresError(`PostgreSQL did not start: ${output.tail()}`);
      }
      const lines = (await readFile(pidFile, 'utf8').catch(() => '')).split('\n');
      if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return;
      if (Date.now() > deadline) {
        child.kill('SIGQUIT');
        throw new EmbeddedPostgresError(`PostgreSQL not ready after 60 s: ${output.tail()}`);
      }
      await sleep(10);
    }
  }

  private scheduleRestart() {
    const delay = RESTART_DELAYS_MS[Math.min(this.failures, RESTART_DELAYS_MS.length - 1)]!;
    this.failures++;
    this.restartTimer = setTimeout(() => {
      this.startOnce().then(
        () => this.options.log.info({ pid: this.pid }, 'embedded PostgreSQL restarted'),
        (err: unknown) => {
          this.options.log.error(
            { err },
            'the embedded PostgreSQL failed to restart; trying again',
          );
          if (!this.stopping) this.scheduleRestart();
        },
      );
    }, delay);
    this.restartTimer.unref();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
