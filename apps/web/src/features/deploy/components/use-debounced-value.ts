import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs` (compared by JSON, so a new object with
 * the same numbers is no change). While the user types, nothing settles.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  const settledKey = JSON.stringify(settled);
  useEffect(() => {
    if (key === settledKey) return;
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delayMs);
    return () => clearTimeout(timer);
  }, [key, settledKey, delayMs]);
  return settled;
}
