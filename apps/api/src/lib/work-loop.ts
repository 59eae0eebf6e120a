import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` again and again, one pass at a time: at once while passes find work (they return
 * how much they did) or someone called `wake()` during one, otherwise every `pollMs`. A pass
 * that throws is logged and the loop carries on. Shared by the engine's reconciler and the
 * certificate worker.
 */
export class WorkLoop {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly opts: { pollMs: number; log: FastifyBaseLogger; failure: string },
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

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), ms);
    this.timer.unref();
  }

  private async loop() {
    if (this.running || this.stopped) return;
    this.running = true;
    let worked = 0;
    try {
      worked = await this.pass();
    } catch (err) {
      this.opts.log.error({ err }, this.opts.failure);
    } finally {
      this.running = false;
    }
    if (this.stopped) return;
    const more = worked > 0 || this.again;
    this.again = false;
    this.schedule(more ? 0 : this.opts.pollMs);
  }
}
