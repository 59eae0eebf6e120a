import { z } from 'zod/mini';
import { auth } from '../limits';
import { validation as v } from '../messages';
import {
  confirmationField,
  emailField,
  loginPasswordField,
  passwordsMatch,
  requiredText,
  strongPasswordField,
  verificationCodeField,
} from './fields';

const nomField = requiredText(v.nomRequired, z.maxLength(auth.nameMax, v.nameTooLong));
const prenomField = requiredText(v.prenomRequired, z.maxLength(auth.nameMax, v.prenomTooLong));

// API payloads (SPEC §3 "Auth payloads"), French field names as the API speaks them.
export const loginSchema = z.object({ email: emailField, mot_de_passe: loginPasswordField });
export const registerSchema = z.object({
  nom: nomField,
  prenom: prenomField,
  email: emailField,
  mot_de_passe: loginPasswordField,
});
export const verifyAccountSchema = z.object({ email: emailField, token: verificationCodeField });
export const resendVerificationSchema = z.object({ email: emailField });
export const requestPasswordResetSchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({
  email: emailField,
  token: requiredText(v.tokenRequired, z.maxLength(200, v.tokenRequired)),
  nouveau_mot_de_passe: strongPasswordField,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

// Form schemas: the screens' own field names, built from the same field rules.
export const loginFormSchema = z.object({
  email: emailField,
  password: loginPasswordField,
  remember: z.optional(z.boolean()),
});

export const registerFormSchema = z
  .object({
    nom: nomField,
    prenom: prenomField,
    email: emailField,
    password: loginPasswordField,
    confirmPassword: confirmationField(),
  })
  .check(passwordsMatch((f) => f.password));

export const verifyFormSchema = z.object({ code: verificationCodeField });
export const forgotPasswordFormSchema = z.object({ email: emailField });

export const resetPasswordFormSchema = z
  .object({ password: strongPasswordField, confirmPassword: confirmationField() })
  .check(passwordsMatch((f) => f.password));

export type LoginForm = z.infer<typeof loginFormSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type VerifyForm = z.infer<typeof verifyFormSchema>;
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The password rules listed on the reset screen, in the order they are checked. */
export const resetPasswordRules = [
  'Au moins 8 caractères',
  'Au moins une lettre minuscule',
  'Au moins une lettre majuscule',
  'Au moins un chiffre',
] as const;
