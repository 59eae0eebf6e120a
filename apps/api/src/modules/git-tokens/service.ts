import type { GitTokenSummary } from '@nuage/shared/build-types';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import { gitTokens } from '../../db/schema/git-tokens';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { authorizeProject } from '../projects/policy';
import { gitTokenTexts } from '@nuage/shared/messages/account';

export const GIT_TOKEN_NOT_FOUND = gitTokenTexts.notFound;
export const GIT_TOKEN_IN_USE = gitTokenTexts.inUse;

type TokenRow = typeof gitTokens.$inferSelect;

const present = (row: TokenRow): GitTokenSummary => ({
  id: row.id,
  nom: row.nom,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listGitTokens(ctx: AppContext, input: { projectId: string; userId: string }) {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const rows = await ctx.db
    .select()
    .from(gitTokens)
    .where(eq(gitTokens.projectId, input.projectId))
    .orderBy(asc(gitTokens.createdAt));
  return rows.map(present);
}

export async function createGitToken(
  ctx: AppContext,
  input: { projectId: string; userId: string; nom: string; token: string },
) {
  await authorizeProject(ctx.db, { ...input, need: 'developer' });
  const [row] = await ctx.db
    .insert(gitTokens)
    .values({
      projectId: input.projectId,
      nom: input.nom,
      tokenSealed: encryptSecret(ctx.secrets.secretsKey, input.token),
      createdBy: input.userId,
    })
    .returning();
  return present(row!);
}

export async function deleteGitToken(
  ctx: AppContext,
  input: { projectId: string; tokenId: string; userId: string },
) {
  await authorizeProject(ctx.db, { ...input, need: 'developer' });
  if (!isUuid(input.tokenId)) throw notFound(GIT_TOKEN_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: gitTokens.id })
      .from(gitTokens)
      .where(and(eq(gitTokens.id, input.tokenId), eq(gitTokens.projectId, input.projectId)))
      .for('update');
    if (!row) throw notFound(GIT_TOKEN_NOT_FOUND);
    const [user] = await tx
      .select({ id: deployments.id })
      .from(deployments)
      .where(eq(deployments.gitTokenId, row.id))
      .limit(1);
    if (user) throw conflict(GIT_TOKEN_IN_USE);
    await tx.delete(gitTokens).where(eq(gitTokens.id, row.id));
  });
}

/**
 * The decrypted token of a project (in memory only, for the builder), or null when `tokenId`
 * names no token of this project.
 */
export async function unsealGitToken(
  db: Executor,
  secretsKey: Buffer,
  opts: { projectId: string; tokenId: string },
): Promise<string | null> {
  if (!isUuid(opts.tokenId)) return null;
  const [row] = await db
    .select({ sealed: gitTokens.tokenSealed })
    .from(gitTokens)
    .where(and(eq(gitTokens.id, opts.tokenId), eq(gitTokens.projectId, opts.projectId)));
  return row ? decryptSecret(secretsKey, row.sealed) : null;
}

export async function markGitTokenUsed(db: Executor, tokenId: string) {
  await db.update(gitTokens).set({ lastUsedAt: new Date() }).where(eq(gitTokens.id, tokenId));
}
