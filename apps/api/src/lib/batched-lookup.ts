/**
 * Lookups by key asked in the same turn of the event loop are answered by one query (the
 * DataLoader idea, without its cache: each batch reads afresh, so nothing goes stale). What a
 * worker asks of every application at once then costs one statement, not one per application.
 */
export function batchedLookup<K, V>(
  fetchMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let pending: Map<K, ((v: V | undefined) => void)[]> | null = null;
  let failed: Map<K, ((err: unknown) => void)[]> | null = null;

  const flush = async () => {
    const waiting = pending!;
    const rejecting = failed!;
    pending = null;
    failed = null;
    try {
      const found = await fetchMany([...waiting.keys()]);
      for (const [key, resolvers] of waiting)
        for (const resolve of resolvers) resolve(found.get(key));
    } catch (err) {
      for (const rejects of rejecting.values()) for (const reject of rejects) reject(err);
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending || !failed) {
        pending = new Map();
        failed = new Map();
        // Once the microtasks queued now have run: every lookup their callers start joins the
        // batch (and fake timers in tests do not hold it back).
        process.nextTick(() => void flush());
      }
      pending.set(key, [...(pending.get(key) ?? []), resolve]);
      failed.set(key, [...(failed.get(key) ?? []), reject]);
    });
}
