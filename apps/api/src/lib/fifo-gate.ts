/** Runs tasks one at a time per key, in arrival order (an async mutex per key). */
export class KeyedFifoGate {
  /** The last queued task of each busy key, settled either way; idle keys are dropped. */
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // The next task waits for this one, whether it succeeded or failed.
    const result = previous.then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
