import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { registryCredentials } from '../../db/schema/registry-credentials';
import { decryptSecret } from '../../lib/crypto';
import type { RegistryCredentials } from '../spec';

/**
 * Every registry credential of one project in clear, oldest first (never logged): a Compose
 * application's services pull their private images with the credential stored for their
 * registry (compose-spec.ts). Only `projectId`'s rows: never another project's.
 */
export type ProjectRegistryCredentialsLookup = (
  projectId: string,
) => Promise<RegistryCredentials[]>;

export function projectRegistryCredentialsLookup(
  db: Executor,
  secretsKey: Buffer,
): ProjectRegistryCredentialsLookup {
  return async (projectId) => {
    const rows = await db
      .select()
      .from(registryCredentials)
      .where(eq(registryCredentials.projectId, projectId))
      .orderBy(asc(registryCredentials.createdAt), asc(registryCredentials.id));
    return rows.map((row) => ({
      registry: row.registry,
      username: row.username,
      password: decryptSecret(secretsKey, row.passwordSealed),
    }));
  };
}

/**
 * The credential an image is pulled with: the project's newest one for the image's registry
 * (several may exist while a token is replaced: the new one is added before the old one is
 * deleted), or null (anonymous).
 */
export function credentialsForImage(
  registry: string | null,
  all: readonly RegistryCredentials[],
): RegistryCredentials | null {
  if (!registry) return null;
  return all.filter((c) => c.registry === registry).at(-1) ?? null;
}
