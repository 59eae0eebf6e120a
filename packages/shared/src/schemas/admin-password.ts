import { z } from 'zod/mini';
import { adminAccessTexts } from '../admin-access';

/** Reveal and regenerate both confirm the caller's account password (never trimmed). */
export const accountPasswordSchema = z.object({
  mot_de_passe: z
    .string({ error: adminAccessTexts.accountPasswordRequired })
    .check(
      z.minLength(1, adminAccessTexts.accountPasswordRequired),
      z.maxLength(256, adminAccessTexts.wrongPassword),
    ),
});
export type AccountPasswordInput = z.infer<typeof accountPasswordSchema>;
