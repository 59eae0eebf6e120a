/** At most `permits` holders at once; the others wait in arrival order. */
export class Semaphore {
  private readonly waiting: (() => void)[] = [];

  constructor(private permits: number) {}

  async acquire(): Promise<() => void> {
    if (this.permits > 0) this.permits--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.permits++;
    };
  }
}
