import { serverDetails } from '@nuage/shared/messages';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { emailEquals } from './lookup';

export async function updateProfile(
  ctx: AppContext,
  input: { userId: string; prenom: string; nom: string; email: string },
) {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(emailEquals(input.email), ne(users.id, input.userId)))
    .limit(1);
  if (taken) throw conflict(serverDetails.emailTaken);
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({ prenom: input.prenom, nom: input.nom, email: input.email, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
      .returning();
    if (!updated) throw notFound(serverDetails.notFound);
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(serverDetails.emailTaken);
    throw err;
  }
}

/** Deletes the account; its client folder, codes and links cascade with it. */
export async function deleteAccount(ctx: AppContext, input: { userId: string }) {
  const deleted = await ctx.db
    .delete(users)
    .where(eq(users.id, input.userId))
    .returning({ id: users.id });
  if (deleted.length === 0) throw notFound(serverDetails.notFound);
  ctx.log.info({ userId: input.userId }, 'account deleted');
}
