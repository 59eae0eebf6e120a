import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/**
 * The SQL of the platform's incidents (platform_incidents). Every API process records what it
 * sees; the table decides what is told, so several processes make one message per incident.
 */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export interface SeenProblem {
  /** Stable across checks and processes (`runtime`, `probleme:<title>`). */
  key: string;
  title: string;
  detail: string;
}

export interface IncidentToTell {
  key: string;
  title: string;
  detail: string;
  openedAt: Date;
  closedAt: Date | null;
}

/**
 * An incident is still the same one while it is open, or closed but its end not told yet (it
 * came back before the « rétabli » went out): no new alert for it.
 */
const continuing = sql`(platform_incidents.closed_at IS NULL
  OR (platform_incidents.open_mailed AND NOT platform_incidents.close_mailed))`;

/** Records the problems seen now (opened, or counted while they last). */
export async function recordSeen(db: Executor, seen: SeenProblem[], now: Date): Promise<void> {
  for (const p of seen) {
    await db.execute(sql`
      INSERT INTO platform_incidents (key, title, detail, opened_at, last_seen_at)
      VALUES (${p.key}, ${p.title}, ${p.detail}, ${now}, ${now})
      ON CONFLICT (key) DO UPDATE SET
        title = excluded.title,
        detail = excluded.detail,
        last_seen_at = excluded.last_seen_at,
        repeats = CASE WHEN ${continuing} THEN platform_incidents.repeats + 1 ELSE 0 END,
        opened_at = CASE WHEN ${continuing} THEN platform_incidents.opened_at ELSE excluded.opened_at END,
        open_mailed = CASE WHEN ${continuing} THEN platform_incidents.open_mailed ELSE false END,
        close_mailed = CASE WHEN ${continuing} THEN platform_incidents.close_mailed ELSE false END,
        closed_at = NULL`);
  }
}

/**
 * Closes the open incidents nobody has seen for `quietMs`: not this process now (recordSeen just
 * refreshed those), nor any other lately (a problem one host still sees stays open).
 */
export async function closeQuiet(db: Executor, now: Date, quietMs: number) {
  await db.execute(sql`
    UPDATE platform_incidents SET closed_at = ${now}
    WHERE closed_at IS NULL AND last_seen_at < ${new Date(now.getTime() - quietMs)}`);
}

/**
 * Claims what is to be told, under a lease: a start seen again `confirmMs` after it was first
 * seen (a single failed check is no incident, whichever processes saw it), or the end of one
 * whose start was told.
 */
export async function claimToTell(
  db: Executor,
  opts: { now: Date; leaseMs: number; confirmMs: number },
): Promise<IncidentToTell[]> {
  const { now } = opts;
  return rowsOf<IncidentToTell>(
    await db.execute(sql`
      WITH due AS (
        SELECT key FROM platform_incidents
        WHERE ((closed_at IS NULL AND NOT open_mailed
                AND last_seen_at >= opened_at + ${`${opts.confirmMs} milliseconds`}::interval)
               OR (closed_at IS NOT NULL AND open_mailed AND NOT close_mailed))
          AND (locked_until IS NULL OR locked_until <= ${now})
        FOR UPDATE SKIP LOCKED
      )
      UPDATE platform_incidents i SET locked_until = ${new Date(now.getTime() + opts.leaseMs)}
      FROM due WHERE i.key = due.key
      RETURNING i.key, i.title, i.detail, i.opened_at AS "openedAt", i.closed_at AS "closedAt"`),
  ).map((r) => ({
    ...r,
    openedAt: new Date(r.openedAt),
    closedAt: r.closedAt ? new Date(r.closedAt) : null,
  }));
}

/** What was told is remembered; the lease is given back. */
export async function markTold(db: Executor, key: string, phase: 'open' | 'close') {
  await db.execute(
    phase === 'open'
      ? sql`UPDATE platform_incidents SET open_mailed = true, locked_until = NULL WHERE key = ${key}`
      : sql`UPDATE platform_incidents SET close_mailed = true, locked_until = NULL WHERE key = ${key}`,
  );
}
