import { serverDetails } from '@nuage/shared/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { releaseProjectsOf } from '../projects/service';
import { requestEmailChange } from './email-change';

/**
 * Updates the names at once. A different e-mail is not applied: it waits for the code mailed to
 * it (see email-change.ts).
 */
export async function updateProfile(
  ctx: AppContext,
  input: { userId: string; currentEmail: string; prenom: string; nom: string; email: string },
) {
  const emailChanges = input.email.toLowerCase() !== input.currentEmail.toLowerCase();
  if (emailChanges)
    await requestEmailChange(ctx, {
      userId: input.userId,
      prenom: input.prenom,
      email: input.email,
    });
  const [updated] = await ctx.db
    .update(users)
    .set({ prenom: input.prenom, nom: input.nom, updatedAt: new Date() })
    .where(eq(users.id, input.userId))
    .returning();
  if (!updated) throw notFound(serverDetails.notFound);
  // Names and the pending address are part of every signed-in request's user.
  await ctx.sessions.userChanged(input.userId);
  return { user: updated, emailChangePending: emailChanges };
}

/**
 * Deletes the account and what it alone owns: projects where it is the only member (with their
 * environments and applications); its client folder, codes, links, sessions and tokens cascade
 * with it. In shared projects its membership goes; being the only admin of one refuses the
 * deletion (releaseProjectsOf says which projects, in French).
 */
export async function deleteAccount(ctx: AppContext, input: { userId: string }) {
  const deletedProjects = await ctx.db.transaction(async (tx) => {
    const released = await releaseProjectsOf(tx, input.userId);
    const deleted = await tx
      .delete(users)
      .where(eq(users.id, input.userId))
      .returning({ id: users.id });
    if (deleted.length === 0) throw notFound(serverDetails.notFound);
    return released;
  });
  await ctx.sessions.userChanged(input.userId);
  ctx.log.info(
    { userId: input.userId, deletedProjects: deletedProjects.length },
    'account deleted',
  );
  if (deletedProjects.length > 0) ctx.engine.wake();
}
