/**
 * Lookups by key asked in the same turn of the event loop are answered by one query (the
 * DataLoader idea, without its cache: each batch reads afresh, so nothing goes stale). What a
 * worker asks of every application at once then costs one statement, not one per application.
 */
export function batchedLookup<K, V>(
  fetchMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (v: V | undefined) => void; reject: (err: unknown) => void };
  let pending: Map<K, Waiter[]> | null = null;

  const flush = async () => {
    const waiting = pending!;
    pending = null;
    try {
      const found = await fetchMany([...waiting.keys()]);
      for (const [key, waiters] of waiting) for (const w of waiters) w.resolve(found.get(key));
    } catch (err) {
      for (const waiters of waiting.values()) for (const w of waiters) w.reject(err);
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        // Once the microtasks queued now have run: every lookup their callers start joins the
        // batch (and fake timers in tests do not hold it back).
        process.nextTick(() => void flush());
      }
      pending.set(key, [...(pending.get(key) ?? []), { resolve, reject }]);
    });
}
