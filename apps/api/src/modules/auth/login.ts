import { auth } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import type { AppContext } from '../../app-context';
import { forbidden, rateLimited, unauthorized } from '../../lib/errors';
import { RateLimiter, secondsUntilFree } from '../../lib/rate-limiter';
import { findUserByEmail } from '../users/lookup';
import { verifyAgainstDummy, verifyPassword } from './passwords';

export const LOGIN_FAILURE_BY_EMAIL = 'login-failure-email';
export const LOGIN_FAILURE_BY_ADDRESS = 'login-failure-address';
const WINDOW_MS = auth.loginFailureWindowMinutes * 60_000;

/**
 * Exchanges e-mail and password for a 24-hour access token. Failed attempts are counted per
 * e-mail and per client address; past either limit the call is refused before the password
 * is even checked, so guessing stops.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; motDePasse: string; address: string },
): Promise<{ accessToken: string }> {
  const limiter = new RateLimiter(ctx.db, ctx.secrets.hashKey);
  const [byEmail, byAddress] = await Promise.all([
    limiter.usage(LOGIN_FAILURE_BY_EMAIL, input.email, WINDOW_MS),
    limiter.usage(LOGIN_FAILURE_BY_ADDRESS, input.address, WINDOW_MS),
  ]);
  if (byEmail.count >= auth.loginMaxFailuresPerEmail) {
    throw rateLimited(
      serverDetails.tooManyLoginAttempts,
      secondsUntilFree(byEmail.oldest, WINDOW_MS),
    );
  }
  if (byAddress.count >= auth.loginMaxFailuresPerAddress) {
    throw rateLimited(
      serverDetails.tooManyLoginAttempts,
      secondsUntilFree(byAddress.oldest, WINDOW_MS),
    );
  }

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.motDePasse)
    : await verifyAgainstDummy(input.motDePasse);
  if (!user || !passwordOk) {
    await Promise.all([
      limiter.record(LOGIN_FAILURE_BY_EMAIL, input.email),
      limiter.record(LOGIN_FAILURE_BY_ADDRESS, input.address),
    ]);
    throw unauthorized(serverDetails.invalidCredentials);
  }
  // Only said once the password is right, so it reveals nothing to a guesser.
  if (!user.verifiedAt) throw forbidden(serverDetails.accountNotVerified);

  await limiter.clear(LOGIN_FAILURE_BY_EMAIL, input.email);
  const accessToken = await ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return { accessToken };
}
