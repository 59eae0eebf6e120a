import type { LoginChallenge, SessionToken } from './responses/auth';
import { z } from 'zod/mini';
import { validation as v } from '../messages';
import { loginStepTexts as t } from '../security-messages';
import { loginPasswordField, requiredText } from './fields';

/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx), spaces ignored. */
export const secondFactorCodeField = requiredText(
  t.codeRequired,
  z.regex(/^(\d{3}\s?\d{3}|[a-z0-9]{4}-?[a-z0-9]{4})$/i, t.codeFormat),
);

/** POST /auth/login/verify: the token of the login's pending step and its code. */
export const loginVerifySchema = z.object({
  challenge_token: requiredText(t.challengeInvalid, z.maxLength(200, t.challengeInvalid)),
  code: secondFactorCodeField,
});

/** POST /users/me/2fa/enable: a code from the app, proving it was enrolled. */
export const enableTwoFactorSchema = z.object({
  code: requiredText(t.codeRequired, z.regex(/^\d{3}\s?\d{3}$/, v.codeSixDigits)),
});

/** POST /users/me/2fa/disable and /recovery-codes: the password and a current code. */
export const disableTwoFactorSchema = z.object({
  mot_de_passe: loginPasswordField,
  code: secondFactorCodeField,
});

export type LoginVerifyInput = z.infer<typeof loginVerifySchema>;

/** POST /auth/login answers either a session, or the step still needed. */
export type LoginResult = SessionToken | LoginChallenge;

export type { TwoFactorSetup, TwoFactorStatus } from './responses/auth';
