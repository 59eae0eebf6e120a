import type { ActiveSession } from '@nuage/shared/session-types';
import { sessionTexts } from '@nuage/shared/security-messages';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { sessions } from '../../db/schema/sessions';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { describeDevice } from './device';
import { noticeNewDevice } from './new-device';
import { slidingExpiry } from './lookup';

/** Opens a session for a login that passed every check; answers its token (bearer or cookie). */
export async function createSession(
  ctx: AppContext,
  input: { userId: string; ip: string; userAgent: string | null },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  await noticeNewDevice(ctx, input);
  const now = new Date();
  const [row] = await ctx.db
    .insert(sessions)
    .values({
      userId: input.userId,
      ipAddress: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: slidingExpiry(now, now.getTime()),
    })
    .returning();
  // The token may live as long as the session could; the row decides earlier ends.
  const absoluteEnd = slidingExpiry(now, Number.MAX_SAFE_INTEGER);
  const token = await ctx.tokens.issue({
    userId: input.userId,
    sessionId: row!.id,
    expiresAt: absoluteEnd,
  });
  return { token, sessionId: row!.id, expiresAt: absoluteEnd };
}

export async function listSessions(
  ctx: AppContext,
  input: { userId: string; currentSessionId: string | null },
): Promise<ActiveSession[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, input.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: s.id,
    appareil: describeDevice(s.userAgent),
    navigateur: s.userAgent,
    adresse_ip: s.ipAddress,
    date_creation: s.createdAt.toISOString(),
    derniere_activite: s.lastSeenAt.toISOString(),
    expire_le: s.expiresAt.toISOString(),
    session_courante: s.id === input.currentSessionId,
  }));
}

/** Ends one of the caller's sessions; every API process refuses it from then on. */
export async function endSession(ctx: AppContext, input: { userId: string; sessionId: string }) {
  if (!isUuid(input.sessionId)) throw notFound(sessionTexts.notFound);
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(sessionTexts.notFound);
  await ctx.sessions.sessionsEnded([input.sessionId]);
}

/**
 * Ends every session of the user but `keep` (none when null: a password reset, an account
 * deletion). Answers how many ended.
 */
export async function endSessionsOf(
  ctx: AppContext,
  input: { userId: string; keep: string | null },
): Promise<number> {
  const ended = await ctx.db
    .delete(sessions)
    .where(
      input.keep
        ? and(eq(sessions.userId, input.userId), ne(sessions.id, input.keep))
        : eq(sessions.userId, input.userId),
    )
    .returning({ id: sessions.id });
  await ctx.sessions.sessionsEnded(ended.map((s) => s.id));
  return ended.length;
}
