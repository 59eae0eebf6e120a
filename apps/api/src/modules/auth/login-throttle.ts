import { auth } from '@nuage/shared/limits';
import { serverDetails } from '@nuage/shared/messages';
import { loginStepTexts } from '@nuage/shared/security-messages';
import type { AppContext } from '../../app-context';
import type { RateLimiter } from '../../db/rate-limiter';
import { loginAlertMail } from '../../mail/templates/login-security';

/** Failed logins of one account from one client address: backs off, never locks the account. */
export const LOGIN_FAILURE_BY_PAIR = 'login-failure-pair';
/** Failed logins from one address whatever the account (password spraying). */
export const LOGIN_FAILURE_BY_ADDRESS = 'login-failure-address';
/** Failed logins of one account from anywhere: past a threshold, logins need a mailed code. */
export const LOGIN_FAILURE_BY_EMAIL = 'login-failure-email';
const LOGIN_ALERT_SENT = 'login-alert-sent';

const WINDOW_MS = auth.loginFailureWindowMinutes * 60_000;
const PAIR_WINDOW_MS = 60 * 60_000;

/**
 * Counts this attempt as a failure until the password proves right (the caller then forgets it),
 * so parallel guesses cannot overtake the limits: per (account, address) with a growing wait,
 * per address across accounts. Nothing here depends on other addresses' attempts, so nobody can
 * lock someone else out of their account.
 */
export function acquireLoginAttempt(limiter: RateLimiter, email: string, address: string) {
  return limiter.acquire([
    {
      bucket: LOGIN_FAILURE_BY_PAIR,
      subject: `${email}|${address}`,
      windowMs: PAIR_WINDOW_MS,
      max: auth.loginFreeFailuresPerPair,
      backoff: { baseMs: 60_000, maxMs: auth.loginBackoffMaxMinutes * 60_000 },
      detail: loginStepTexts.pairThrottled,
    },
    {
      bucket: LOGIN_FAILURE_BY_ADDRESS,
      subject: address,
      windowMs: WINDOW_MS,
      max: auth.loginMaxFailuresPerAddress,
      detail: serverDetails.tooManyLoginAttempts,
    },
  ]);
}

/** True when the account has failed often enough lately that a right password is not enough. */
export async function accountUnderAttack(limiter: RateLimiter, email: string): Promise<boolean> {
  const usage = await limiter.usage(LOGIN_FAILURE_BY_EMAIL, email, WINDOW_MS);
  return usage.count >= auth.loginFailuresBeforeMailedCode;
}

/**
 * Counts a failure against the account; when that reaches the threshold, its owner (if the
 * address has an account) is told by mail, at most once per window.
 */
export async function recordAccountFailure(
  ctx: AppContext,
  limiter: RateLimiter,
  input: { email: string; owner: { email: string; prenom: string } | undefined },
) {
  await limiter.record(LOGIN_FAILURE_BY_EMAIL, input.email);
  if (!input.owner) return;
  const { count } = await limiter.usage(LOGIN_FAILURE_BY_EMAIL, input.email, WINDOW_MS);
  if (count < auth.loginFailuresBeforeMailedCode) return;
  try {
    await limiter.acquire([
      {
        bucket: LOGIN_ALERT_SENT,
        subject: input.email,
        windowMs: WINDOW_MS,
        max: 1,
        detail: serverDetails.tooManyRequests,
      },
    ]);
  } catch {
    return; // already told during this window
  }
  const mail = loginAlertMail({
    to: input.owner.email,
    prenom: input.owner.prenom,
    failures: count,
    resetUrl: `${ctx.config.publicUrl}/forgot-password`,
  });
  // The attacker's request must not fail (or reveal anything) because the alert could not go.
  await ctx.mailer
    .send(mail)
    .catch((err: unknown) =>
      ctx.log.warn({ err: { message: (err as Error).message } }, 'login alert not mailed'),
    );
}
