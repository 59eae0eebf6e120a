import type { ServerLog } from '../../src/db/embedded/server-log';

/** The test servers' log: only their own trouble (warnings, fatal errors) is printed. */
export const quietLog: ServerLog = {
  debug: () => {},
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
