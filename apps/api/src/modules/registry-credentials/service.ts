import { normaliseRegistry } from '@nuage/shared/image-reference';
import { registryCredentialTexts } from '@nuage/shared/messages/images';
import type {
  CreateRegistryCredentialInput,
  RegistryCredential,
} from '@nuage/shared/schemas/registry-credentials';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { registryCredentials } from '../../db/schema/registry-credentials';
import { encryptSecret } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeProject } from '../projects/policy';
import { stackPullingFrom } from './stack-usage';

export const REGISTRY_CREDENTIAL_NOT_FOUND = registryCredentialTexts.notFound;
export const REGISTRY_CREDENTIAL_IN_USE = registryCredentialTexts.inUse;

type CredentialRow = typeof registryCredentials.$inferSelect;

/** Never the password: it stays sealed in the database and in memory only while pulling. */
const present = (row: CredentialRow): RegistryCredential => ({
  id: row.id,
  registre: row.registry,
  utilisateur: row.username,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** Every member sees which registries the project can pull from (to choose at deploy time). */
export async function listRegistryCredentials(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<RegistryCredential[]> {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const rows = await ctx.db
    .select()
    .from(registryCredentials)
    .where(eq(registryCredentials.projectId, input.projectId))
    .orderBy(asc(registryCredentials.createdAt));
  return rows.map(present);
}

/** Only the project's administrators add credentials: they open the project's private images. */
export async function createRegistryCredential(
  ctx: AppContext,
  input: { projectId: string; userId: string; data: CreateRegistryCredentialInput },
): Promise<RegistryCredential> {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const [row] = await ctx.db
    .insert(registryCredentials)
    .values({
      projectId: input.projectId,
      registry: normaliseRegistry(input.data.registre),
      username: input.data.utilisateur,
      passwordSealed: encryptSecret(ctx.secrets.secretsKey, input.data.mot_de_passe),
      createdBy: input.userId,
    })
    .returning();
  return present(row!);
}

export async function deleteRegistryCredential(
  ctx: AppContext,
  input: { projectId: string; credentialId: string; userId: string },
): Promise<void> {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  if (!isUuid(input.credentialId)) throw notFound(REGISTRY_CREDENTIAL_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ registry: registryCredentials.registry })
      .from(registryCredentials)
      .where(
        and(
          eq(registryCredentials.id, input.credentialId),
          eq(registryCredentials.projectId, input.projectId),
        ),
      );
    if (!found) throw notFound(REGISTRY_CREDENTIAL_NOT_FOUND);
    // Every credential of the project for this registry, locked in one order: two deletions of
    // a registry's last two credentials cannot both see the other one still there.
    const sameRegistry = await tx
      .select({ id: registryCredentials.id })
      .from(registryCredentials)
      .where(
        and(
          eq(registryCredentials.projectId, input.projectId),
          eq(registryCredentials.registry, found.registry),
        ),
      )
      .orderBy(asc(registryCredentials.id))
      .for('update');
    const row = sameRegistry.find((c) => c.id === input.credentialId);
    if (!row) throw notFound(REGISTRY_CREDENTIAL_NOT_FOUND);
    const [user] = await tx
      .select({ id: deployments.id })
      .from(deployments)
      .where(eq(deployments.registryCredentialId, row.id))
      .limit(1);
    if (user) throw conflict(REGISTRY_CREDENTIAL_IN_USE);
    // A Compose service pulls with the registry's newest credential: the last one may not go
    // while a service needs it; one of several may (a token being replaced).
    if (sameRegistry.length === 1) {
      const stack = await stackPullingFrom(tx, ctx.secrets.secretsKey, {
        projectId: input.projectId,
        registry: found.registry,
      });
      if (stack) {
        throw conflict(registryCredentialTexts.inUseByStack(stack.application, stack.service));
      }
    }
    await tx.delete(registryCredentials).where(eq(registryCredentials.id, row.id));
  });
}

/** A credential of the project (without its password), or null when the id names none. */
export async function findRegistryCredential(
  db: Executor,
  opts: { projectId: string; credentialId: string },
): Promise<{ id: string; registry: string } | null> {
  if (!isUuid(opts.credentialId)) return null;
  const [row] = await db
    .select({ id: registryCredentials.id, registry: registryCredentials.registry })
    .from(registryCredentials)
    .where(
      and(
        eq(registryCredentials.id, opts.credentialId),
        eq(registryCredentials.projectId, opts.projectId),
      ),
    );
  return row ?? null;
}
