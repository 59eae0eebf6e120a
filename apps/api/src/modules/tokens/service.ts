import type { ApiToken } from '@nuage/shared/schemas/responses/api-tokens';
import { apiTokenLimits } from '@nuage/shared/account-limits';
import { apiTokenTexts } from '@nuage/shared/security-messages';
import type { CreateApiTokenInput } from '@nuage/shared/schemas/api-tokens';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { projects } from '../../db/schema/projects';
import { apiTokens } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { keyedHash, randomToken } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordAudit } from '../audit/record';
import { authorizeProject } from '../projects/policy';

const DAY_MS = 24 * 3600_000;
const scopeOf = { lecture: 'read', complet: 'full' } as const;
const scopeName = { read: 'lecture', full: 'complet' } as const;

/**
 * Creates a token and answers its secret, the only time it is ever shown: the database keeps a
 * keyed hash. A project restriction needs the caller to be a member of that project, and is
 * written in that project's audit log (its admins see which tokens may act on it). The limit
 * per account is counted under a lock of the account's row: concurrent creations take turns,
 * so the 21st is refused however many arrive at once.
 */
export async function createApiToken(
  ctx: AppContext,
  input: { userId: string; data: CreateApiTokenInput },
): Promise<{ token: string; jeton: ApiToken }> {
  const projectId = input.data.projet_id ?? null;
  if (projectId) await authorizeProject(ctx.db, { projectId, userId: input.userId, need: 'user' });
  const secret = `${apiTokenLimits.prefix}${randomToken()}`;
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [owned] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, input.userId));
    if ((owned?.n ?? 0) >= apiTokenLimits.maxPerUser) throw conflict(apiTokenTexts.tooMany);
    const [created] = await tx
      .insert(apiTokens)
      .values({
        userId: input.userId,
        nom: input.data.nom,
        tokenHash: keyedHash(ctx.secrets.hashKey, secret),
        prefix: secret.slice(0, apiTokenLimits.prefix.length + 6),
        scope: scopeOf[input.data.portee],
        projectId,
        expiresAt: new Date(Date.now() + input.data.expire_dans_jours * DAY_MS),
      })
      .returning();
    if (projectId)
      await recordAudit(tx, {
        projectId,
        action: 'api_token.create',
        target: { type: 'api_token', id: created!.id, name: created!.nom },
        details: {
          portee: input.data.portee,
          expire_le: created!.expiresAt.toISOString(),
        },
      });
    return created!;
  });
  ctx.log.info({ tokenId: row.id }, 'API token created');
  const [view] = await listApiTokens(ctx, { userId: input.userId, tokenId: row.id });
  return { token: secret, jeton: view! };
}

export async function listApiTokens(
  ctx: AppContext,
  input: { userId: string; tokenId?: string },
): Promise<ApiToken[]> {
  const rows = await ctx.db
    .select({ token: apiTokens, projectName: projects.nom })
    .from(apiTokens)
    .leftJoin(projects, eq(projects.id, apiTokens.projectId))
    .where(
      input.tokenId
        ? and(eq(apiTokens.userId, input.userId), eq(apiTokens.id, input.tokenId))
        : eq(apiTokens.userId, input.userId),
    )
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(({ token: t, projectName }) => ({
    id: t.id,
    nom: t.nom,
    apercu: `${t.prefix}…`,
    portee: scopeName[t.scope],
    projet_id: t.projectId,
    projet_nom: projectName,
    expire_le: t.expiresAt.toISOString(),
    derniere_utilisation: t.lastUsedAt?.toISOString() ?? null,
    derniere_adresse_ip: t.lastUsedIp,
    date_creation: t.createdAt.toISOString(),
  }));
}

/** Revokes (deletes) a token: every API process refuses it from then on (audited like its creation). */
export async function revokeApiToken(ctx: AppContext, input: { userId: string; tokenId: string }) {
  if (!isUuid(input.tokenId)) throw notFound(apiTokenTexts.notFound);
  const gone = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, input.tokenId), eq(apiTokens.userId, input.userId)))
      .returning({ hash: apiTokens.tokenHash, projectId: apiTokens.projectId, nom: apiTokens.nom });
    if (row?.projectId)
      await recordAudit(tx, {
        projectId: row.projectId,
        action: 'api_token.revoke',
        target: { type: 'api_token', id: input.tokenId, name: row.nom },
      });
    return row;
  });
  if (!gone) throw notFound(apiTokenTexts.notFound);
  await ctx.sessions.tokenRevoked(gone.hash);
  ctx.log.info({ tokenId: input.tokenId }, 'API token revoked');
}

/**
 * Revokes every token of an account (a password reset): tokens are minted from sessions, so
 * whoever held the old password could have made one that would otherwise outlive the recovery.
 * Those limited to a project leave the entry in its audit log, with the reason.
 */
export async function revokeApiTokensOf(
  ctx: AppContext,
  input: { userId: string; reason: string },
): Promise<number> {
  const gone = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(apiTokens).where(eq(apiTokens.userId, input.userId)).returning({
      id: apiTokens.id,
      hash: apiTokens.tokenHash,
      projectId: apiTokens.projectId,
      nom: apiTokens.nom,
    });
    for (const row of rows)
      if (row.projectId)
        await recordAudit(tx, {
          projectId: row.projectId,
          action: 'api_token.revoke',
          target: { type: 'api_token', id: row.id, name: row.nom },
          details: { raison: input.reason },
        });
    return rows;
  });
  for (const token of gone) await ctx.sessions.tokenRevoked(token.hash);
  return gone.length;
}
