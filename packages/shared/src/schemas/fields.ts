// zod/mini: the same validation core as zod, a fraction of the bundle for the browser.
import { z } from 'zod/mini';
import { auth } from '../limits';
import { validation as v } from '../messages';

/** The "basic email pattern" of SPEC §5: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required, trimmed text whose missing, non-string and empty forms all read `requiredMsg`. */
export function requiredText(
  requiredMsg: string,
  ...more: Parameters<ReturnType<typeof z.string>['check']>
) {
  return z.string({ error: requiredMsg }).check(
    z.trim(),
    z.minLength(1, { error: requiredMsg, abort: true }),
    // Names end up in mails, labels and logs: one line of printable text.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    z.regex(/^[^\u0000-\u001f\u007f]*$/, v.controlCharacters),
    ...more,
  );
}

export const emailField = requiredText(
  v.emailRequired,
  z.maxLength(254, { error: v.emailInvalid, abort: true }),
  z.regex(EMAIL_PATTERN, v.emailInvalid),
  z.toLowerCase(),
);

/** Login and registration password: SPEC §5, minimum 6. */
export const loginPasswordField = z
  .string({ error: v.passwordRequired })
  .check(
    z.minLength(1, { error: v.passwordRequired, abort: true }),
    z.minLength(auth.loginPasswordMin, { error: v.passwordMin6, abort: true }),
    z.maxLength(auth.passwordMax, v.passwordTooLong),
  );

/** Reset password: SPEC §5, minimum 8 with a lowercase, an uppercase and a digit. */
export const strongPasswordField = z
  .string({ error: v.passwordRequired })
  .check(
    z.minLength(1, { error: v.passwordRequired, abort: true }),
    z.minLength(auth.resetPasswordMin, { error: v.passwordMin8, abort: true }),
    z.maxLength(auth.passwordMax, { error: v.passwordTooLong, abort: true }),
    z.regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, v.passwordComplexity),
  );

export const verificationCodeField = requiredText(
  v.codeRequired,
  z.regex(/^\d{6}$/, v.codeSixDigits),
);

export function confirmationField() {
  return z.string({ error: v.confirmRequired }).check(z.minLength(1, v.confirmRequired));
}

/** Attaches "the two passwords differ" to the confirmation field. */
export function passwordsMatch<T extends { confirmPassword: string }>(password: (f: T) => string) {
  return z.refine<T>((f) => password(f) === f.confirmPassword, {
    error: v.passwordMismatch,
    path: ['confirmPassword'],
  });
}
