import { z } from 'zod/mini';
import { REGISTRY_HOST_PATTERN } from '../image-reference';
import { registryCredentialTexts as t } from '../messages/images';

/** POST /projects/{id}/registry-credentials: the password is stored sealed, never returned. */
export const createRegistryCredentialSchema = z.object({
  registre: z
    .string({ error: t.registryRequired })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: t.registryRequired, abort: true }),
      z.maxLength(253, { error: t.registryInvalid, abort: true }),
      z.regex(REGISTRY_HOST_PATTERN, t.registryInvalid),
    ),
  utilisateur: z
    .string({ error: t.usernameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: t.usernameRequired, abort: true }),
      z.maxLength(200, t.usernameTooLong),
    ),
  mot_de_passe: z
    .string({ error: t.passwordRequired })
    .check(
      z.minLength(1, { error: t.passwordRequired, abort: true }),
      z.maxLength(4000, t.passwordTooLong),
    ),
});
export type CreateRegistryCredentialInput = z.infer<typeof createRegistryCredentialSchema>;

/** What the API says of a credential: never its password. */
export const registryCredentialSchema = z.object({
  id: z.string(),
  registre: z.string(),
  utilisateur: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type RegistryCredential = z.infer<typeof registryCredentialSchema>;
export const registryCredentialListSchema = z.array(registryCredentialSchema);
