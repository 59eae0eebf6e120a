import { auth } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema/users';
import { hashesEqual, keyedHash, randomDigits } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { emailChangeMail } from '../../mail/templates/email-change';
import { deliverOrFail } from '../auth/mail-delivery';
import { emailEquals } from './lookup';
import { emailChangeTexts } from '@nuage/shared/messages/account';

export const EMAIL_CHANGE_INVALID = emailChangeTexts.invalid;
export const EMAIL_CHANGE_TOO_MANY = emailChangeTexts.tooMany;
export const EMAIL_CHANGE_NONE = emailChangeTexts.none;

async function ensureAvailable(ctx: AppContext, userId: string, email: string) {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(emailEquals(email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw conflict(serverDetails.emailTaken);
}

/**
 * Starts an e-mail change: the new address receives a 6-digit code and becomes the login e-mail
 * only once the code is entered. Memberships and invitations are matched by e-mail, so an
 * address must prove it receives mail before an account can claim it.
 */
export async function requestEmailChange(
  ctx: AppContext,
  input: { userId: string; prenom: string; email: string },
) {
  await ensureAvailable(ctx, input.userId, input.email);
  const code = randomDigits(auth.verificationCodeLength);
  await ctx.db
    .update(users)
    .set({
      pendingEmail: input.email,
      pendingEmailCodeHash: keyedHash(ctx.secrets.hashKey, code),
      pendingEmailExpiresAt: new Date(Date.now() + auth.verificationCodeTtlMinutes * 60_000),
      pendingEmailAttempts: 0,
    })
    .where(eq(users.id, input.userId));
  try {
    await deliverOrFail(ctx, emailChangeMail({ to: input.email, prenom: input.prenom, code }));
  } catch (err) {
    await cancelEmailChange(ctx, { userId: input.userId });
    throw err;
  }
}

/** Applies the pending address when the code is right (5 tries, 15 minutes). */
export async function confirmEmailChange(ctx: AppContext, input: { userId: string; code: string }) {
  // Each try consumes an attempt before the comparison, so parallel guesses can't exceed five.
  const [attempt] = await ctx.db
    .update(users)
    .set({ pendingEmailAttempts: sql`${users.pendingEmailAttempts} + 1` })
    .where(
      and(
        eq(users.id, input.userId),
        isNotNull(users.pendingEmail),
        lt(users.pendingEmailAttempts, auth.verificationMaxWrongTries),
      ),
    )
    .returning();
  if (!attempt) {
    const [row] = await ctx.db
      .select({ pending: users.pendingEmail })
      .from(users)
      .where(eq(users.id, input.userId));
    throw badRequest(row?.pending ? EMAIL_CHANGE_TOO_MANY : EMAIL_CHANGE_NONE);
  }
  const expired =
    !attempt.pendingEmailExpiresAt || attempt.pendingEmailExpiresAt.getTime() <= Date.now();
  if (
    expired ||
    !hashesEqual(attempt.pendingEmailCodeHash ?? '', keyedHash(ctx.secrets.hashKey, input.code))
  ) {
    throw badRequest(
      !expired && attempt.pendingEmailAttempts >= auth.verificationMaxWrongTries
        ? EMAIL_CHANGE_TOO_MANY
        : EMAIL_CHANGE_INVALID,
    );
  }
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({
        email: attempt.pendingEmail!,
        pendingEmail: null,
        pendingEmailCodeHash: null,
        pendingEmailExpiresAt: null,
        pendingEmailAttempts: 0,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, input.userId), eq(users.pendingEmail, attempt.pendingEmail!)))
      .returning();
    if (!updated) throw badRequest(EMAIL_CHANGE_INVALID);
    ctx.log.info({ userId: input.userId }, 'e-mail change confirmed');
    await ctx.sessions.userChanged(input.userId);
    return updated;
  } catch (err) {
    // Someone confirmed the same address first.
    if (isUniqueViolation(err)) throw conflict(serverDetails.emailTaken);
    throw err;
  }
}

export async function cancelEmailChange(ctx: AppContext, input: { userId: string }) {
  const [updated] = await ctx.db
    .update(users)
    .set({
      pendingEmail: null,
      pendingEmailCodeHash: null,
      pendingEmailExpiresAt: null,
      pendingEmailAttempts: 0,
    })
    .where(eq(users.id, input.userId))
    .returning();
  await ctx.sessions.userChanged(input.userId);
  return updated!;
}
