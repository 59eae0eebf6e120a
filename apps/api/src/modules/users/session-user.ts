import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema/users';
import type { SessionUser } from '../../http/credential-records';

/** The caller's row as every authenticated request needs it (cached, evicted on change). */
export function loadSessionUser(ctx: AppContext, userId: string) {
  return ctx.sessions.load(
    'user',
    userId,
    () => readSessionUser(ctx, userId),
    // Only usable accounts are kept: an unverified one is checked again next time.
    (user) => Boolean(user.verifiedAt),
  );
}

async function readSessionUser(ctx: AppContext, userId: string): Promise<SessionUser | undefined> {
  const [user] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      nom: users.nom,
      prenom: users.prenom,
      createdAt: users.createdAt,
      pendingEmail: users.pendingEmail,
      verifiedAt: users.verifiedAt,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return undefined;
  const { totpEnabledAt, ...rest } = user;
  return { ...rest, totpEnabled: totpEnabledAt !== null };
}
