import { auth } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { passwordResetTokens, users } from '../../db/schema/users';
import { keyedHash, randomToken } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { RateLimiter } from '../../db/rate-limiter';
import { passwordResetMail } from '../../mail/templates/password-reset';
import { emailEquals, findUserByEmail } from '../users/lookup';
import { endSessionsOf } from '../sessions/service';
import { revokeApiTokensOf } from '../tokens/service';
import { LOGIN_FAILURE_BY_EMAIL } from './login-throttle';
import { deliverOrFail } from './mail-delivery';
import { hashPassword } from './passwords';
import { tokenRevocationReasons } from '@nuage/shared/messages/account';

const REQUEST_BUCKET = 'password-reset-request';
const REQUEST_BY_ADDRESS_BUCKET = 'password-reset-request-address';
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const ADDRESS_MAX_PER_HOUR = 20;

/**
 * Mails a single-use reset link when the address has an account. The answer, and the limits
 * (3 per 24 h, 5 minutes apart), are the same whether or not it has one; they are checked and
 * counted atomically, so parallel requests cannot slip past them.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: { email: string; address: string },
): Promise<void> {
  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  const recorded = await limiter.acquire([
    {
      bucket: REQUEST_BUCKET,
      subject: input.email,
      windowMs: DAY_MS,
      max: auth.resetMaxRequestsPerDay,
      detail: serverDetails.resetTooMany,
    },
    {
      bucket: REQUEST_BUCKET,
      subject: input.email,
      windowMs: auth.resetMinIntervalMinutes * 60_000,
      max: 1,
      detail: serverDetails.resetTooSoon,
    },
    {
      bucket: REQUEST_BY_ADDRESS_BUCKET,
      subject: input.address,
      windowMs: HOUR_MS,
      max: ADDRESS_MAX_PER_HOUR,
      detail: serverDetails.tooManyRequests,
    },
  ]);

  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;

  const token = randomToken();
  const [stored] = await ctx.db
    .insert(passwordResetTokens)
    .values({
      userId: user.id,
      tokenHash: keyedHash(ctx.secrets.hashKey, token),
      expiresAt: new Date(Date.now() + auth.resetLinkTtlMinutes * 60_000),
    })
    .returning({ id: passwordResetTokens.id });

  const url = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  try {
    await deliverOrFail(ctx, passwordResetMail({ to: user.email, prenom: user.prenom, url }));
  } catch (err) {
    // Undo so the user can simply try again: no dead link, no spent attempt, and the link
    // mailed before (if any) still works.
    await ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, stored!.id));
    await limiter.forget(recorded);
    throw err;
  }
  // The new link, now delivered, replaces any earlier one still unused.
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        isNull(passwordResetTokens.usedAt),
        ne(passwordResetTokens.id, stored!.id),
      ),
    );
}

/**
 * Sets a new password from a valid link, uses the link up, ends every earlier session and
 * revokes every API token: a reset is how an account is taken back, and a token made by
 * whoever knew the old password would otherwise keep their access (README, "Sessions").
 */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; nouveauMotDePasse: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.nouveauMotDePasse, ctx.config.passwordHashProfile);
  const tokenHash = keyedHash(ctx.secrets.hashKey, input.token);
  const userId = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(emailEquals(input.email));
    if (!owner) throw badRequest(serverDetails.resetInvalid);
    // Marking it used in the same statement that checks it makes the link single-use even
    // under two simultaneous submissions.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          eq(passwordResetTokens.userId, owner.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    if (!claimed) throw badRequest(serverDetails.resetInvalid);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, owner.id));
    return owner.id;
  });
  // Whoever knew the old password may hold a session: every one ends, in every API process.
  await endSessionsOf(ctx, { userId, keep: null });
  const tokens = await revokeApiTokensOf(ctx, {
    userId,
    reason: tokenRevocationReasons.ownerPasswordReset,
  });
  await new RateLimiter(ctx.db, ctx.secrets.hashKey).clear(LOGIN_FAILURE_BY_EMAIL, input.email);
  ctx.log.info(
    { apiTokensRevoked: tokens },
    'password reset, earlier sessions and API tokens ended',
  );
}
