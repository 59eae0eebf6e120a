/** Runs tasks one at a time, in arrival order (an async mutex). */
export class FifoGate {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // The next task waits for this one, whether it succeeded or failed.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
