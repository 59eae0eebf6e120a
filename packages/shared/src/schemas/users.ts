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

export type { UserProfile } from './responses/users';

/** POST /users/me/confirm-email: the code mailed to the new address. */
export const confirmEmailSchema = z.object({ code: verificationCodeField });
