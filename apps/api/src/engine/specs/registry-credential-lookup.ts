import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { registryCredentials } from '../../db/schema/registry-credentials';
import { decryptSecret } from '../../lib/crypto';
import type { RegistryCredentials } from '../spec';

/** A project's registry credentials in clear by id (null when gone), for an image's pull only. */
export type RegistryCredentialLookup = (
  credentialId: string,
) => Promise<RegistryCredentials | null>;

export function registryCredentialLookup(
  db: Executor,
  secretsKey: Buffer,
): RegistryCredentialLookup {
  return async (credentialId) => {
    const [row] = await db
      .select()
      .from(registryCredentials)
      .where(eq(registryCredentials.id, credentialId));
    if (!row) return null;
    return {
      registry: row.registry,
      username: row.username,
      password: decryptSecret(secretsKey, row.passwordSealed),
    };
  };
}
