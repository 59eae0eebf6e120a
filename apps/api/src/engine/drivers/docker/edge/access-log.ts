import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { TrafficTally } from '../../../traffic-tally';
import type { TrafficMinute } from '../../../driver';

/**
 * Reads the edge proxy's access log (caddy-config.ts writes it, one JSON line per request, in
 * the bind-mounted directory the admin socket lives in) from where the previous reading
 * stopped: the cursor names the file (its inode) and the offset. When Caddy rolled the file
 * over meanwhile, the rest of the rolled file (found by its inode) is read first. Why a file
 * rather than Caddy's Prometheus metrics: per-host metric labels need Caddy 2.8+, and the log
 * lines carry exact durations (exact percentiles) at a bounded cost (rolled at 10 MB).
 */

export const ACCESS_LOG_NAME = 'access.log';

interface Cursor {
  ino: number;
  offset: number;
}

/** At most this much is read per call; the rest waits for the next reading. */
const MAX_READ_BYTES = 32 * 1024 * 1024;

/**
 * Creates the file as the platform's user, readable by it: Caddy (root in its container)
 * appends to it and keeps its owner and mode when rolling it over.
 */
export function prepareAccessLog(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dir, ACCESS_LOG_NAME), '', { flag: 'a', mode: 0o640 });
}

function parseCursor(text: string | null): Cursor | null {
  if (!text) return null;
  try {
    const c = JSON.parse(text) as Partial<Cursor>;
    return typeof c.ino === 'number' && typeof c.offset === 'number'
      ? { ino: c.ino, offset: c.offset }
      : null;
  } catch {
    return null;
  }
}

/** Complete lines from `offset` (up to `budget` bytes); answers them and the bytes they took. */
function readLines(
  file: string,
  offset: number,
  budget: number,
): { lines: string[]; used: number } {
  const fd = openSync(file, 'r');
  try {
    const size = statSync(file).size;
    const length = Math.max(0, Math.min(size - offset, budget));
    if (!length) return { lines: [], used: 0 };
    const buf = Buffer.alloc(length);
    const read = readSync(fd, buf, 0, length, offset);
    const end = buf.lastIndexOf(0x0a, read - 1);
    if (end < 0) return { lines: [], used: 0 };
    return { lines: buf.subarray(0, end).toString('utf8').split('\n'), used: end + 1 };
  } finally {
    closeSync(fd);
  }
}

/** The rolled file Caddy renamed `ino` to (access-<time>.log), if it is still there. */
function rolledFile(dir: string, ino: number): string | null {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('access-') || !name.endsWith('.log')) continue;
    const file = path.join(dir, name);
    if (statSync(file).ino === ino) return file;
  }
  return null;
}

/** `Host` without its port, lower case (what the routing table holds). */
export function hostOf(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

/** One access log line into the tally (lines of unknown hosts or odd shape are skipped). */
export function tallyLine(
  tally: TrafficTally,
  line: string,
  deploymentOf: (host: string) => string | undefined,
) {
  if (!line.startsWith('{')) return;
  let entry: { ts?: unknown; status?: unknown; duration?: unknown; request?: { host?: unknown } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return;
  }
  const { ts, status, duration } = entry;
  const host = entry.request?.host;
  if (typeof ts !== 'number' || typeof status !== 'number' || typeof host !== 'string') return;
  const deploymentId = deploymentOf(hostOf(host));
  if (!deploymentId) return;
  const seconds = typeof duration === 'number' ? duration : 0;
  // Caddy logs 0 when a handler wrote nothing itself (an empty 200 response).
  tally.request(deploymentId, ts * 1000, status || 200, seconds * 1000);
}

/**
 * The requests logged since `cursor` (null: none, the reading starts at the end of the file),
 * attributed by host, and the cursor to start from next time.
 */
export function readAccessLog(
  dir: string,
  cursorText: string | null,
  deploymentOf: (host: string) => string | undefined,
): { cursor: string | null; minutes: TrafficMinute[] } {
  const file = path.join(dir, ACCESS_LOG_NAME);
  let current: { ino: number; size: number };
  try {
    const st = statSync(file);
    current = { ino: st.ino, size: st.size };
  } catch {
    return { cursor: null, minutes: [] };
  }
  const cursor = parseCursor(cursorText);
  const tally = new TrafficTally();
  const take = (lines: string[]) => lines.forEach((l) => tallyLine(tally, l, deploymentOf));
  if (!cursor) {
    return { cursor: JSON.stringify({ ino: current.ino, offset: current.size }), minutes: [] };
  }
  let budget = MAX_READ_BYTES;
  let offset = cursor.offset;
  if (cursor.ino !== current.ino) {
    const rolled = rolledFile(dir, cursor.ino);
    if (rolled) {
      const part = readLines(rolled, cursor.offset, budget);
      take(part.lines);
      budget -= part.used;
      // A rolled file still holding lines past the budget: carry on in it next time.
      if (budget <= 0)
        return {
          cursor: JSON.stringify({ ino: cursor.ino, offset: cursor.offset + part.used }),
          minutes: tally.result(),
        };
    }
    offset = 0;
  } else if (current.size < offset) {
    offset = 0; // emptied by hand: start again from its beginning
  }
  const part = readLines(file, offset, budget);
  take(part.lines);
  return {
    cursor: JSON.stringify({ ino: current.ino, offset: offset + part.used }),
    minutes: tally.result(),
  };
}
