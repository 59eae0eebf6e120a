import { auth } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import type { AppContext } from '../../app-context';
import { forbidden, unauthorized } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limiter';
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
  // Every attempt counts as a failure until the password proves right: parallel guesses are
  // counted before any of them is checked, so a burst cannot overtake the limit.
  const attempt = await limiter.acquire([
    {
      bucket: LOGIN_FAILURE_BY_EMAIL,
      subject: input.email,
      windowMs: WINDOW_MS,
      max: auth.loginMaxFailuresPerEmail,
      detail: serverDetails.tooManyLoginAttempts,
    },
    {
      bucket: LOGIN_FAILURE_BY_ADDRESS,
      subject: input.address,
      windowMs: WINDOW_MS,
      max: auth.loginMaxFailuresPerAddress,
      detail: serverDetails.tooManyLoginAttempts,
    },
  ]);

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.motDePasse)
    : await verifyAgainstDummy(input.motDePasse);
  if (!user || !passwordOk) throw unauthorized(serverDetails.invalidCredentials);

  await limiter.forget(attempt);
  // Only said once the password is right, so it reveals nothing to a guesser.
  if (!user.verifiedAt) throw forbidden(serverDetails.accountNotVerified);

  await limiter.clear(LOGIN_FAILURE_BY_EMAIL, input.email);
  const accessToken = await ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return { accessToken };
}
