import { z } from 'zod/mini';
import { platformInfoSchema } from './platform';

/** What GET /users/me answers (SPEC §3 User), never a secret. */
export const userProfileSchema = z.object({
  id: z.string(),
  prenom: z.string(),
  nom: z.string(),
  email: z.string(),
  date_creation: z.string(),
  est_verifie: z.boolean(),
  /** A new address waiting for its confirmation code (the login e-mail is unchanged until then). */
  email_en_attente: z.nullable(z.string()),
  /** Whether logins need a TOTP code (two-factor authentication). */
  double_authentification: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * GET /users/me: the profile, and what GET /platform answers, so a page's first load asks one
 * request fewer (the signed-in shell's banners read it; /platform refreshes it every minute).
 */
export const currentUserSchema = z.extend(userProfileSchema, {
  plateforme: z.optional(platformInfoSchema),
});
export type CurrentUserProfile = z.infer<typeof currentUserSchema>;
