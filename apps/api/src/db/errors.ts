const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True when `error` (or what it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && unavailableCodes.has(e.code)) return true;
    // The embedded server's socket is gone while it restarts.
    if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
    if (typeof e.message === 'string') {
      if (
        // The last one: a request still running while the process shuts its pool down.
        /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
          e.message,
        )
      ) {
        return true;
      }
    }
    current = e.cause;
  }
  return false;
}

/** PostgreSQL unique_violation, optionally on a named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return !constraint || e.constraint === constraint;
    current = e.cause;
  }
  return false;
}
