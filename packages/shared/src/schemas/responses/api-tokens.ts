import { z } from 'zod/mini';

/** What the token list shows (never the secret, only its first characters). */
export const apiTokenSchema = z.object({
  id: z.string(),
  nom: z.string(),
  apercu: z.string(),
  portee: z.enum(['lecture', 'complet']),
  projet_id: z.nullable(z.string()),
  projet_nom: z.nullable(z.string()),
  expire_le: z.string(),
  derniere_utilisation: z.nullable(z.string()),
  derniere_adresse_ip: z.nullable(z.string()),
  date_creation: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** POST /users/me/tokens: the token's value (`ndp_…`), answered this once only. */
export const apiTokenCreatedSchema = z.object({
  message: z.string(),
  token: z.string(),
  jeton: apiTokenSchema,
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
