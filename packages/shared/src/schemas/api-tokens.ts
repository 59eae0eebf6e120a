import { z } from 'zod/mini';
import { apiTokenLimits } from '../account-limits';
import { apiTokenTexts as t } from '../security-messages';
import { requiredText } from './fields';

/** POST /users/me/tokens; the token form uses the same rules. */
export const createApiTokenSchema = z.object({
  nom: requiredText(t.nameRequired, z.maxLength(apiTokenLimits.nameMax, t.nameTooLong)),
  portee: z.enum(['lecture', 'complet'], { error: t.scopeInvalid }),
  /** Restricts the token to one project (the caller must be a member); absent: all of them. */
  // A plain pattern rather than z.uuid(): the login page shares this zod bundle, and stays light.
  projet_id: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
          'Projet invalide',
        ),
      ),
  ),
  expire_dans_jours: z.union(
    apiTokenLimits.expiryDays.map((d) => z.literal(d)),
    { error: t.expiryInvalid },
  ),
});

export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export type { ApiToken } from './responses/api-tokens';
