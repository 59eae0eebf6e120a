/** Answers of sign-up, login and two-factor authentication. */
import { z } from 'zod/mini';

/** A session opened (login, or its second step); the browser also gets the cookie. */
export const sessionTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** POST /auth/login answers 202 with this when a second factor is needed. */
export const loginChallengeSchema = z.object({
  second_factor: z.enum(['totp', 'email_code']),
  challenge_token: z.string(),
  message: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const accountVerifiedSchema = z.object({
  message: z.string(),
  client_folder_created: z.boolean(),
});

/** GET /users/me/2fa. */
export const twoFactorStatusSchema = z.object({
  active: z.boolean(),
  active_depuis: z.nullable(z.string()),
  codes_de_secours_restants: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /users/me/2fa/setup: the secret to enter in an authenticator app. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Recovery codes, shown once (enabling, or regenerating them). */
export const recoveryCodesSchema = z.object({
  message: z.string(),
  codes_de_secours: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
