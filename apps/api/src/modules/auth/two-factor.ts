import { auth } from '@nuage/shared/limits';
import type { TwoFactorSetup, TwoFactorStatus } from '@nuage/shared/schemas/two-factor';
import { loginStepTexts, twoFactorTexts } from '@nuage/shared/security-messages';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context';
import { recoveryCodes } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { keyedHash } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { RateLimiter } from '../../db/rate-limiter';
import { verifyPassword } from './passwords';
import { endSessionsOf } from '../sessions/service';
import { consumeSecondFactor, remainingRecoveryCodes } from './second-factor';
import { newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, totpStep } from './totp';

const SECOND_FACTOR_FAILURE = 'second-factor-failure';

async function userRow(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(twoFactorTexts.notEnabled);
  return user;
}

export async function twoFactorStatus(ctx: AppContext, userId: string): Promise<TwoFactorStatus> {
  const user = await userRow(ctx, userId);
  return {
    active: user.totpEnabledAt !== null,
    active_depuis: user.totpEnabledAt?.toISOString() ?? null,
    codes_de_secours_restants: user.totpEnabledAt
      ? await remainingRecoveryCodes(ctx.db, userId)
      : 0,
  };
}

/**
 * Starts enrolment: a new secret waits (sealed) until a code from it is entered. The secret and
 * its QR code are shown this once; starting again replaces it.
 */
export async function startTwoFactorSetup(
  ctx: AppContext,
  input: { userId: string; email: string },
): Promise<TwoFactorSetup> {
  const user = await userRow(ctx, input.userId);
  if (user.totpEnabledAt) throw conflict(twoFactorTexts.alreadyEnabled);
  const secret = newTotpSecret(ctx.secrets.secretsKey, input.email);
  await ctx.db
    .update(users)
    .set({ totpPendingSecret: secret.sealed })
    .where(eq(users.id, input.userId));
  const qrSvg = await QRCode.toString(secret.url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { secret: secret.base32, otpauth_url: secret.url, qr_svg: qrSvg };
}

async function storeRecoveryCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes(auth.recoveryCodeCount);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(
      codes.map((c) => ({
        userId,
        codeHash: keyedHash(ctx.secrets.hashKey, normalizeRecoveryCode(c)),
      })),
    );
  });
  return codes;
}

/**
 * Confirms enrolment with a code from the app; answers the recovery codes (shown once). Every
 * other session of the account ends, as on most platforms: a session opened with the password
 * alone — possibly by whoever made the owner want a second factor — must not outlive it. The
 * session that enabled it stays; API tokens stay too (they are shown once, revocable one by
 * one in the profile, and no login of theirs ever asks for a code).
 */
export async function enableTwoFactor(
  ctx: AppContext,
  input: { userId: string; sessionId: string; code: string },
): Promise<string[]> {
  const user = await userRow(ctx, input.userId);
  if (user.totpEnabledAt) throw conflict(twoFactorTexts.alreadyEnabled);
  if (!user.totpPendingSecret) throw badRequest(twoFactorTexts.noPendingSetup);
  await countWrongCode(ctx, input.userId, async () => {
    const step = totpStep(ctx.secrets.secretsKey, user.totpPendingSecret!, input.code);
    if (step === null) return false;
    await ctx.db
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      })
      .where(eq(users.id, input.userId));
    return true;
  });
  const codes = await storeRecoveryCodes(ctx, input.userId);
  await ctx.sessions.userChanged(input.userId);
  const ended = await endSessionsOf(ctx, { userId: input.userId, keep: input.sessionId });
  ctx.log.info(
    { userId: input.userId, otherSessionsEnded: ended },
    'two-factor authentication enabled',
  );
  return codes;
}

/** What disabling and regenerating both need: the password and a current code. */
async function reauthenticate(
  ctx: AppContext,
  input: { userId: string; motDePasse: string; code: string },
) {
  const user = await userRow(ctx, input.userId);
  if (!user.totpEnabledAt) throw badRequest(twoFactorTexts.notEnabled);
  if (!(await verifyPassword(user.passwordHash, input.motDePasse)))
    throw badRequest(twoFactorTexts.wrongPassword);
  await countWrongCode(ctx, input.userId, () => consumeSecondFactor(ctx, ctx.db, user, input.code));
}

export async function disableTwoFactor(
  ctx: AppContext,
  input: { userId: string; motDePasse: string; code: string },
) {
  await reauthenticate(ctx, input);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, input.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
  });
  await ctx.sessions.userChanged(input.userId);
  ctx.log.info({ userId: input.userId }, 'two-factor authentication disabled');
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  input: { userId: string; motDePasse: string; code: string },
): Promise<string[]> {
  await reauthenticate(ctx, input);
  return storeRecoveryCodes(ctx, input.userId);
}

/** Counts a try against the account's wrong-code limit; a right code takes it back. */
async function countWrongCode(ctx: AppContext, userId: string, check: () => Promise<boolean>) {
  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  const attempt = await limiter.acquire([
    {
      bucket: SECOND_FACTOR_FAILURE,
      subject: userId,
      windowMs: auth.loginFailureWindowMinutes * 60_000,
      max: auth.secondFactorMaxFailures,
      detail: loginStepTexts.tooManyCodes,
    },
  ]);
  if (!(await check())) throw badRequest(loginStepTexts.codeInvalid);
  await limiter.forget(attempt);
}
