import { auth } from '@nuage/shared/limits';
import { loginStepTexts } from '@nuage/shared/security-messages';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { loginChallenges } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { hashesEqual, keyedHash, randomDigits, randomToken } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { RateLimiter } from '../../db/rate-limiter';
import { loginCodeMail } from '../../mail/templates/login-security';
import { createSession } from '../sessions/service';
import { LOGIN_FAILURE_BY_EMAIL } from './login-throttle';
import { deliverOrFail } from './mail-delivery';
import { consumeSecondFactor } from './second-factor';

const SECOND_FACTOR_FAILURE = 'second-factor-failure';
const WINDOW_MS = auth.loginFailureWindowMinutes * 60_000;

interface Client {
  ip: string;
  userAgent: string | null;
}

/**
 * Opens the login's second step for a user whose password was right: a TOTP (or recovery) code
 * when two-factor is on, else a 6-digit code mailed now. Answers the step's token (once).
 */
export async function openLoginChallenge(
  ctx: AppContext,
  input: {
    user: { id: string; email: string; prenom: string };
    kind: 'totp' | 'email_code';
  } & Client,
): Promise<string> {
  const token = randomToken();
  const code = input.kind === 'email_code' ? randomDigits(auth.verificationCodeLength) : null;
  const [row] = await ctx.db
    .insert(loginChallenges)
    .values({
      userId: input.user.id,
      tokenHash: keyedHash(ctx.secrets.hashKey, token),
      kind: input.kind,
      codeHash: code ? keyedHash(ctx.secrets.hashKey, code) : null,
      ipAddress: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + auth.loginChallengeTtlMinutes * 60_000),
    })
    .returning({ id: loginChallenges.id });
  if (code) {
    try {
      await deliverOrFail(
        ctx,
        loginCodeMail({ to: input.user.email, prenom: input.user.prenom, code, address: input.ip }),
      );
    } catch (err) {
      await ctx.db.delete(loginChallenges).where(eq(loginChallenges.id, row!.id));
      throw err;
    }
  }
  return token;
}

/**
 * Completes a login's second step. Each try uses one of the step's attempts (five) and counts
 * against the account (ten wrong codes per 15 minutes across steps), both before the code is
 * compared, so parallel guesses cannot exceed either. Success opens the session.
 */
export async function completeLoginChallenge(
  ctx: AppContext,
  input: { token: string; code: string } & Client,
) {
  const tokenHash = keyedHash(ctx.secrets.hashKey, input.token);
  const [challenge] = await ctx.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        gt(loginChallenges.expiresAt, new Date()),
        lt(loginChallenges.attempts, auth.loginChallengeMaxTries),
      ),
    )
    .returning();
  if (!challenge) throw badRequest(loginStepTexts.challengeInvalid);

  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  const attempt = await limiter.acquire([
    {
      bucket: SECOND_FACTOR_FAILURE,
      subject: challenge.userId,
      windowMs: WINDOW_MS,
      max: auth.secondFactorMaxFailures,
      detail: loginStepTexts.tooManyCodes,
    },
  ]);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user) throw badRequest(loginStepTexts.challengeInvalid);

  const right =
    challenge.kind === 'totp'
      ? await consumeSecondFactor(ctx, ctx.db, user, input.code)
      : hashesEqual(
          challenge.codeHash ?? '',
          keyedHash(ctx.secrets.hashKey, input.code.replace(/\s/g, '')),
        );
  if (!right) throw badRequest(loginStepTexts.codeInvalid);

  await limiter.forget(attempt);
  const consumed = await ctx.db
    .delete(loginChallenges)
    .where(eq(loginChallenges.id, challenge.id))
    .returning({ id: loginChallenges.id });
  // A parallel right code already opened the session for this step.
  if (consumed.length === 0) throw badRequest(loginStepTexts.challengeInvalid);
  // The owner proved the mailbox: the failures that required the code are forgiven.
  if (challenge.kind === 'email_code') await limiter.clear(LOGIN_FAILURE_BY_EMAIL, user.email);
  ctx.log.info({ userId: user.id, step: challenge.kind }, 'login second step completed');
  return createSession(ctx, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
}
