import { auth } from '@nuage/shared/limits';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { sessions } from '../../db/schema/sessions';
import type { SessionRecord } from '../../http/credential-records';
import { isUuid } from '../../lib/ids';

const DAY_MS = 24 * 3600_000;
/** Last-seen times are written at most this often per session: not one write per request. */
const ACTIVITY_WRITE_EVERY_MS = 60_000;

/** A live session by id (cached for a few seconds; ending it evicts it everywhere). */
export async function loadSession(
  ctx: AppContext,
  sessionId: string,
): Promise<SessionRecord | undefined> {
  if (!isUuid(sessionId)) return undefined;
  const session = await ctx.sessions.load('session', sessionId, async () => {
    const [row] = await ctx.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row;
  });
  return session && session.expiresAt.getTime() > Date.now() ? session : undefined;
}

/** The session's sliding expiry: `sessionIdleDays` after now, never past its absolute end. */
export function slidingExpiry(createdAt: Date, now = Date.now()): Date {
  return new Date(
    Math.min(
      now + auth.sessionIdleDays * DAY_MS,
      createdAt.getTime() + auth.sessionMaxDays * DAY_MS,
    ),
  );
}

/** Records activity (last seen, sliding expiry) at most once a minute, off the request's path. */
export function noteSessionActivity(ctx: AppContext, session: SessionRecord) {
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() < ACTIVITY_WRITE_EVERY_MS) return;
  const next = {
    ...session,
    lastSeenAt: new Date(now),
    expiresAt: slidingExpiry(session.createdAt, now),
  };
  ctx.sessions.refresh('session', session.id, next);
  ctx.db
    .update(sessions)
    .set({ lastSeenAt: next.lastSeenAt, expiresAt: next.expiresAt })
    .where(sql`${sessions.id} = ${session.id}`)
    .catch((err: unknown) => ctx.log.warn({ err }, 'session activity not recorded'));
}
