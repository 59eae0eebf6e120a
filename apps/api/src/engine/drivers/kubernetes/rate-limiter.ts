/**
 * Token bucket shared by every request of one client (watches included): client-go's default
 * for controllers is 50 requests/s with a burst of 100 — what an API server expects of one.
 */
export class RateLimiter {
  private tokens: number;
  private last = Date.now();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly qps = 50,
    readonly burst = 100,
  ) {
    this.tokens = burst;
  }

  /** Resolves when a request may go; callers are served in order. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = Date.now();
        this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.qps);
        this.last = now;
        if (this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, ((1 - this.tokens) / this.qps) * 1000));
      }
    });
    this.queue = turn;
    return turn;
  }
}
