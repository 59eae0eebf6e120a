import { z } from 'zod/mini';
import { apiTokenLimits } from '../limits';
import { apiTokenTexts as t } from '../security-messages';
import { requiredText } from './fields';

/** POST /users/me/tokens; the token form uses the same rules. */
export const createApiTokenSchema = z.object({
  nom: requiredText(t.nameRequired, z.maxLength(apiTokenLimits.nameMax, t.nameTooLong)),
  portee: z.enum(['lecture', 'complet'], { error: t.scopeInvalid }),
  /** Restricts the token to one project (the caller must be a member). */
  projet_id: z.optional(z.nullable(z.uuid({ error: 'Projet invalide' }))),
  expire_dans_jours: z.union(
    apiTokenLimits.expiryDays.map((d) => z.literal(d)),
    { error: t.expiryInvalid },
  ),
});

export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** What the token list shows (never the secret, only its first characters). */
export interface ApiToken {
  id: string;
  nom: string;
  apercu: string;
  portee: 'lecture' | 'complet';
  projet_id: string | null;
  projet_nom: string | null;
  expire_le: string;
  derniere_utilisation: string | null;
  derniere_adresse_ip: string | null;
  date_creation: string;
}
