import { serverDetails } from '@nuage/shared/messages';
import { loginStepTexts } from '@nuage/shared/security-messages';
import type { AppContext } from '../../app-context';
import { forbidden, unauthorized } from '../../lib/errors';
import { RateLimiter } from '../../db/rate-limiter';
import { createSession } from '../sessions/service';
import { findUserByEmail } from '../users/lookup';
import { openLoginChallenge } from './login-challenge';
import {
  acquireLoginAttempt,
  accountUnderAttack,
  LOGIN_FAILURE_BY_PAIR,
  recordAccountFailure,
} from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './passwords';

export type LoginOutcome =
  | { kind: 'session'; token: string; expiresAt: Date }
  | { kind: 'challenge'; step: 'totp' | 'email_code'; challengeToken: string; message: string };

/**
 * Exchanges e-mail and password for a session, or for the step still needed: the TOTP code when
 * two-factor is on, or a code mailed to the owner while the account is under repeated failed
 * attempts (so a right password stays usable from any address, and a guessed one is not enough).
 */
export async function login(
  ctx: AppContext,
  input: { email: string; motDePasse: string; address: string; userAgent: string | null },
): Promise<LoginOutcome> {
  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  const attempt = await acquireLoginAttempt(limiter, input.email, input.address);

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.motDePasse)
    : await verifyAgainstDummy(input.motDePasse, ctx.config.passwordHashProfile);
  if (!user || !passwordOk) {
    await recordAccountFailure(ctx, limiter, { email: input.email, owner: user });
    throw unauthorized(serverDetails.invalidCredentials);
  }

  await limiter.forget(attempt);
  // Only said once the password is right, so it reveals nothing to a guesser.
  if (!user.verifiedAt) throw forbidden(serverDetails.accountNotVerified);
  await limiter.clear(LOGIN_FAILURE_BY_PAIR, `${input.email}|${input.address}`);

  const client = { ip: input.address, userAgent: input.userAgent };
  if (user.totpEnabledAt) {
    const challengeToken = await openLoginChallenge(ctx, { user, kind: 'totp', ...client });
    return {
      kind: 'challenge',
      step: 'totp',
      challengeToken,
      message: loginStepTexts.totpRequired,
    };
  }
  if (await accountUnderAttack(limiter, input.email)) {
    const challengeToken = await openLoginChallenge(ctx, { user, kind: 'email_code', ...client });
    return {
      kind: 'challenge',
      step: 'email_code',
      challengeToken,
      message: loginStepTexts.emailCodeRequired,
    };
  }
  const session = await createSession(ctx, { userId: user.id, ...client });
  return { kind: 'session', token: session.token, expiresAt: session.expiresAt };
}
