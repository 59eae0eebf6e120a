import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EmbeddedServerOptions } from '../../src/db/embedded/embedded-postgres';
import type { ServerLog } from '../../src/db/embedded/server-log';

/** The test servers' log: only their own trouble (warnings, fatal errors) is printed. */
export const quietLog: ServerLog = {
  debug: () => {},
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** A log that keeps every message, for tests that read what the server reported. */
export function recordingLog(): ServerLog & { messages: string[] } {
  const messages: string[] = [];
  const keep = (_obj: object, msg: string) => void messages.push(msg);
  return { messages, debug: keep, info: keep, warn: keep, error: keep };
}

/** Throw-away clusters: initdb and the server skip fsync (never for real data). */
export const throwAwayServer = {
  durable: false,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
} satisfies Partial<EmbeddedServerOptions>;

export const newDataDir = () => mkdtemp(path.join(os.tmpdir(), 'nuage-db-test-'));
