import type { FastifyBaseLogger } from 'fastify';

export interface WorkLoopOptions {
  /** The longest wait between passes (a function: it may change, e.g. while a channel is down). */
  pollMs: number | (() => number);
  log: FastifyBaseLogger;
  failure: string;
  /**
   * After a pass that found nothing: in how many ms work is due (null: none known). The loop
   * sleeps that long rather than the whole `pollMs` when it is sooner, so timed work needs no
   * frequent polling.
   */
  nextDueMs?: () => Promise<number | null>;
  /**
   * The shortest sleep after a pass that found nothing (default 250 ms). Rows falling due one
   * by one (monitors spread over their interval) are then handled a few at a time, one claim and
   * one look at the next due time per batch rather than per row.
   */
  minIdleMs?: number;
}

/**
 * The longest sleep of a loop that knows when its rows fall due (`nextDueMs`) and is woken by
 * whoever adds work (a request of this process, or a notification): it then only looks for what
 * nobody said, such as a row another process added without waking anyone. Each look costs a few
 * statements on a settled platform, about twenty loops of them: every five minutes, not every
 * minute (issue 32's idle CPU).
 */
export const SAFETY_POLL_MS = 5 * 60_000;

/** The shortest sleep after a pass that found nothing, whatever is said to be due (rows locked by another process are due yet not claimable). */
const MIN_IDLE_MS = 250;

/**
 * Runs `pass` again and again, one pass at a time: at once while passes find work (they return
 * how much they did) or someone called `wake()` during one, otherwise after `pollMs`, or sooner
 * when `nextDueMs` or `wakeAt()` says work falls due before. A pass that throws is logged and
 * the loop carries on. Shared by the engine's reconciler, the build queue and the workers.
 */
export class WorkLoop {
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires (epoch ms). */
  private timerAt = Number.POSITIVE_INFINITY;
  private running = false;
  private again = false;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly opts: WorkLoopOptions,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Stops scheduling and waits for a pass under way to end, until `deadline` (epoch ms) at
   * most: a platform stop is bounded, a pass still running then is cut by the exit.
   */
  async stop(deadline = Number.POSITIVE_INFINITY) {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Looks for work now, or right after the pass under way. */
  wake() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Work falls due at `epochMs` (another process said so): the loop looks then, if not sooner. */
  wakeAt(epochMs: number) {
    if (this.stopped || this.running || epochMs >= this.timerAt) return;
    this.schedule(Math.max(0, epochMs - Date.now()));
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timerAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timerAt = Number.POSITIVE_INFINITY;
      void this.loop();
    }, ms);
    this.timer.unref();
  }

  private pollMs() {
    return typeof this.opts.pollMs === 'function' ? this.opts.pollMs() : this.opts.pollMs;
  }

  /** How long to sleep after a pass that found nothing. */
  private async idleMs(): Promise<number> {
    const poll = this.pollMs();
    if (!this.opts.nextDueMs) return poll;
    try {
      const due = await this.opts.nextDueMs();
      const least = this.opts.minIdleMs ?? MIN_IDLE_MS;
      return due === null ? poll : Math.min(poll, Math.max(least, due));
    } catch (err) {
      this.opts.log.warn({ err }, `${this.opts.failure} (next due time)`);
      return poll;
    }
  }

  private async loop() {
    if (this.running || this.stopped) return;
    this.running = true;
    let worked = 0;
    let idle: number | undefined;
    try {
      worked = await this.pass();
      // Asked while the pass still counts as running: a wake() meanwhile is not lost.
      if (worked === 0 && !this.again) idle = await this.idleMs();
    } catch (err) {
      this.opts.log.error({ err }, this.opts.failure);
    } finally {
      this.running = false;
    }
    if (this.stopped) return;
    const more = worked > 0 || this.again;
    this.again = false;
    this.schedule(more ? 0 : (idle ?? this.pollMs()));
  }
}
