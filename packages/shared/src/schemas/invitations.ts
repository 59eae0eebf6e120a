import { z } from 'zod/mini';
import { validation as v } from '../messages';
import { confirmationField, loginPasswordField, passwordsMatch, requiredText } from './fields';

export const invitationMessages = {
  tokenRequired: "Le lien d'invitation est incomplet",
} as const;

/**
 * POST /invitations/accept. nom, prenom and mot_de_passe are required only when the invitee
 * has no account yet; the service checks that (it alone knows).
 */
export const acceptInvitationSchema = z.object({
  token_invitation: requiredText(
    invitationMessages.tokenRequired,
    z.maxLength(200, invitationMessages.tokenRequired),
  ),
  nom: z.optional(requiredText(v.nomRequired, z.maxLength(100, v.nameTooLong))),
  prenom: z.optional(requiredText(v.prenomRequired, z.maxLength(100, v.prenomTooLong))),
  mot_de_passe: z.optional(loginPasswordField),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** The invitation page's account form (SPEC §5 "Invitation acceptance"). */
export const invitationAccountFormSchema = z
  .object({
    prenom: requiredText(v.prenomRequired, z.maxLength(100, v.prenomTooLong)),
    nom: requiredText(v.nomRequired, z.maxLength(100, v.nameTooLong)),
    password: loginPasswordField,
    confirmPassword: confirmationField(),
  })
  .check(passwordsMatch((f) => f.password));
export type InvitationAccountForm = z.infer<typeof invitationAccountFormSchema>;
