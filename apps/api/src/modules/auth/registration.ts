import { auth } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { clientFolders, users, verificationCodes } from '../../db/schema/users';
import { hashesEqual, keyedHash, randomDigits } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { RateLimiter, type Limit } from '../../db/rate-limiter';
import type { OutgoingMail } from '../../mail/mailer';
import { registrationExistsMail } from '../../mail/templates/login-security';
import { verificationCodeMail } from '../../mail/templates/verification-code';
import { emailEquals, findUserByEmail } from '../users/lookup';
import { deliverOrFail } from './mail-delivery';
import { hashPassword } from './passwords';

const CODE_SENT_BUCKET = 'verification-code-sent';
const RESEND_WINDOW_MS = auth.resendCooldownSeconds * 1000;
/** Tries against an address with no pending code (unknown, or already verified). */
const WRONG_CODE_BUCKET = 'verification-wrong-code';
const CODE_TTL_MS = auth.verificationCodeTtlMinutes * 60_000;

const resendLimit = (email: string): Limit => ({
  bucket: CODE_SENT_BUCKET,
  subject: email,
  windowMs: RESEND_WINDOW_MS,
  max: 1,
  detail: serverDetails.resendTooSoon,
});

const REGISTRATION_BUCKET = 'registration';
const registrationLimit = (email: string): Limit => ({
  bucket: REGISTRATION_BUCKET,
  subject: email,
  windowMs: RESEND_WINDOW_MS,
  max: 1,
  detail: serverDetails.resendTooSoon,
});

/**
 * Creates the unverified account and mails its code. Registering again an e-mail whose
 * account was never verified replaces that attempt (new names, password and code), so a
 * failed mail or a lost code never locks an address. An address that already has an account
 * gets the same answer, the same limits and a mail: its owner is told, the caller learns nothing.
 */
export async function registerAccount(
  ctx: AppContext,
  input: { nom: string; prenom: string; email: string; motDePasse: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.motDePasse, ctx.config.passwordHashProfile);
  const code = randomDigits(auth.verificationCodeLength);
  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  // Whatever the address's state: once a minute, and a resend right after waits alike.
  const registered = await limiter.acquire([registrationLimit(input.email)]);
  const sent = [...registered, await limiter.record(CODE_SENT_BUCKET, input.email)];

  const outcome = await ctx.db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(users)
        .where(emailEquals(input.email))
        .for('update');
      if (existing?.verifiedAt) return { kind: 'exists' as const, owner: existing };
      const fields = { nom: input.nom, prenom: input.prenom, passwordHash, updatedAt: new Date() };
      const id = existing
        ? (await tx.update(users).set(fields).where(eq(users.id, existing.id)), existing.id)
        : (
            await tx
              .insert(users)
              .values({ ...fields, email: input.email })
              .returning({ id: users.id })
          )[0]!.id;
      await storeCode(ctx, tx, id, code);
      return { kind: 'pending' as const, userId: id };
    })
    .catch((err: unknown) => {
      // Two registrations of one new address at the same instant: the other one mails its code.
      if (isUniqueViolation(err)) return { kind: 'raced' as const };
      throw err;
    });

  if (outcome.kind === 'exists') {
    await deliverCode(
      ctx,
      sent,
      registrationExistsMail({
        to: outcome.owner.email,
        prenom: outcome.owner.prenom,
        loginUrl: `${ctx.config.publicUrl}/login`,
      }),
    );
    ctx.log.info({ userId: outcome.owner.id }, 'registration for an existing account, owner told');
    return;
  }
  if (outcome.kind === 'raced') return;
  await deliverCode(
    ctx,
    sent,
    verificationCodeMail({ to: input.email, prenom: input.prenom, code }),
  );
  ctx.log.info({ userId: outcome.userId }, 'account registered, verification code sent');
}

/** Mails a code; when the mail fails, its send is not counted, so an immediate retry works. */
async function deliverCode(ctx: AppContext, sent: number[], mail: OutgoingMail) {
  try {
    await deliverOrFail(ctx, mail);
  } catch (err) {
    await new RateLimiter(ctx.db, ctx.secrets.hashKey).forget(sent);
    throw err;
  }
}

async function storeCode(ctx: AppContext, db: Executor, userId: string, code: string) {
  const row = {
    userId,
    codeHash: keyedHash(ctx.secrets.hashKey, code),
    expiresAt: new Date(Date.now() + auth.verificationCodeTtlMinutes * 60_000),
    failedAttempts: 0,
    createdAt: new Date(),
  };
  await db
    .insert(verificationCodes)
    .values(row)
    .onConflictDoUpdate({
      target: verificationCodes.userId,
      set: {
        codeHash: row.codeHash,
        expiresAt: row.expiresAt,
        failedAttempts: 0,
        createdAt: row.createdAt,
      },
    });
}

/** Replaces the code of an unverified account, at most once a minute per address. */
export async function resendVerificationCode(
  ctx: AppContext,
  input: { email: string },
): Promise<void> {
  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  // The limit applies whether or not the address has an account: no enumeration.
  const sent = await limiter.acquire([resendLimit(input.email)]);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.verifiedAt) {
    // What a new code does for a pending account (wrong tries forgotten), it does here too.
    await limiter.clear(WRONG_CODE_BUCKET, input.email);
    return;
  }
  const code = randomDigits(auth.verificationCodeLength);
  await storeCode(ctx, ctx.db, user.id, code);
  await deliverCode(ctx, sent, verificationCodeMail({ to: user.email, prenom: user.prenom, code }));
}

/**
 * Checks a code. Each try consumes one of the code's attempts atomically before comparing,
 * so parallel guesses cannot exceed the limit; after the fifth wrong try a new code is needed.
 */
export async function verifyAccount(
  ctx: AppContext,
  input: { email: string; code: string },
): Promise<{ clientFolderCreated: boolean }> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.verifiedAt) return refuseWithoutPendingCode(ctx, input.email);

  const [attempt] = await ctx.db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        lt(verificationCodes.failedAttempts, auth.verificationMaxWrongTries),
      ),
    )
    .returning();
  if (!attempt) {
    const [exhausted] = await ctx.db
      .select({ userId: verificationCodes.userId })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user.id));
    throw badRequest(exhausted ? serverDetails.verifyTooManyAttempts : serverDetails.verifyInvalid);
  }
  if (attempt.expiresAt.getTime() <= Date.now()) throw badRequest(serverDetails.verifyInvalid);
  if (!hashesEqual(attempt.codeHash, keyedHash(ctx.secrets.hashKey, input.code))) {
    const exhausted = attempt.failedAttempts >= auth.verificationMaxWrongTries;
    throw badRequest(exhausted ? serverDetails.verifyTooManyAttempts : serverDetails.verifyInvalid);
  }

  await ctx.db.transaction(async (tx) => {
    const consumed = await tx
      .delete(verificationCodes)
      .where(eq(verificationCodes.userId, user.id))
      .returning({ userId: verificationCodes.userId });
    // A parallel correct try already verified the account.
    if (consumed.length === 0) throw badRequest(serverDetails.verifyInvalid);
    await tx
      .update(users)
      .set({ verifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx
      .insert(clientFolders)
      .values({ userId: user.id, nom: clientFolderName(user.prenom, user.nom, user.id) })
      .onConflictDoNothing({ target: clientFolders.userId });
  });
  ctx.log.info({ userId: user.id }, 'account verified, client folder created');
  return { clientFolderCreated: true };
}

/**
 * An address with no pending code (unknown, or already verified) answers exactly what a pending
 * one answers to wrong codes, fifth try included, so verification reveals no account.
 */
async function refuseWithoutPendingCode(ctx: AppContext, email: string): Promise<never> {
  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  await limiter.record(WRONG_CODE_BUCKET, email);
  const tries = await limiter.usage(WRONG_CODE_BUCKET, email, CODE_TTL_MS);
  throw badRequest(
    tries.count >= auth.verificationMaxWrongTries
      ? serverDetails.verifyTooManyAttempts
      : serverDetails.verifyInvalid,
  );
}

/** A readable, unique folder name: client-<prenom>-<nom>-<8 hex of the id>. */
export function clientFolderName(prenom: string, nom: string, userId: string): string {
  const slug = `${prenom}-${nom}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `client-${slug || 'compte'}-${userId.replace(/-/g, '').slice(0, 8)}`;
}
