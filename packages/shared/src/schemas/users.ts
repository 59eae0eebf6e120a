import { z } from 'zod/mini';
import { auth } from '../limits';
import { validation as v } from '../messages';
import { emailField, requiredText, verificationCodeField } from './fields';

export const profileUpdateSchema = z.object({
  prenom: requiredText(
    v.prenomRequired,
    z.minLength(auth.profileNameMin, { error: v.prenomMin2, abort: true }),
    z.maxLength(auth.nameMax, v.prenomTooLong),
  ),
  nom: requiredText(
    v.nomRequired,
    z.minLength(auth.profileNameMin, { error: v.nomMin2, abort: true }),
    z.maxLength(auth.nameMax, v.nameTooLong),
  ),
  email: emailField,
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** What GET /users/me answers (SPEC §3 User), never a secret. */
export interface UserProfile {
  id: string;
  prenom: string;
  nom: string;
  email: string;
  date_creation: string;
  est_verifie: boolean;
  /** A new address waiting for its confirmation code (the login e-mail is unchanged until then). */
  email_en_attente: string | null;
  /** Whether logins need a TOTP code (two-factor authentication). */
  double_authentification: boolean;
}

/** POST /users/me/confirm-email: the code mailed to the new address. */
export const confirmEmailSchema = z.object({ code: verificationCodeField });
