import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { recoveryCodes } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { keyedHash } from '../../lib/crypto';
import { looksLikeRecoveryCode, normalizeRecoveryCode, totpStep } from './totp';

/**
 * Checks a TOTP code or an unused recovery code of the user and uses it up: a TOTP step is
 * recorded so the same code (or an older one) never works again; a recovery code is marked used.
 * Both happen in one conditional UPDATE, so two simultaneous submissions cannot both pass.
 */
export async function consumeSecondFactor(
  ctx: AppContext,
  db: Executor,
  user: { id: string; totpSecret: string | null },
  code: string,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (looksLikeRecoveryCode(code)) {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          eq(recoveryCodes.codeHash, keyedHash(ctx.secrets.hashKey, normalizeRecoveryCode(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }
  const step = totpStep(ctx.secrets.secretsKey, user.totpSecret, code);
  if (step === null) return false;
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Unused recovery codes left to the user. */
export async function remainingRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
