import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { apiTokens } from '../../db/schema/sessions';
import type { ApiTokenRecord } from '../../http/credential-records';
import { keyedHash } from '../../lib/crypto';

const USE_WRITE_EVERY_MS = 60_000;

/** A personal API token by its secret: known, unexpired and not revoked, or undefined. */
export async function loadApiToken(
  ctx: AppContext,
  secret: string,
): Promise<ApiTokenRecord | undefined> {
  if (secret.length > 200) return undefined;
  const hash = keyedHash(ctx.secrets.hashKey, secret);
  const token = await ctx.sessions.load('token', hash, async () => {
    const [row] = await ctx.db
      .select({
        id: apiTokens.id,
        userId: apiTokens.userId,
        nom: apiTokens.nom,
        scope: apiTokens.scope,
        projectId: apiTokens.projectId,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hash));
    return row;
  });
  if (!token || token.expiresAt.getTime() <= Date.now()) return undefined;
  return token;
}

/** Records when and from where a token was last used, at most once a minute. */
export function noteApiTokenUse(ctx: AppContext, token: ApiTokenRecord, ip: string) {
  const now = Date.now();
  if (token.lastUsedAt && now - token.lastUsedAt.getTime() < USE_WRITE_EVERY_MS) return;
  token.lastUsedAt = new Date(now);
  ctx.db
    .update(apiTokens)
    .set({ lastUsedAt: token.lastUsedAt, lastUsedIp: ip })
    .where(eq(apiTokens.id, token.id))
    .catch((err: unknown) => ctx.log.warn({ err }, 'API token use not recorded'));
}
