import type { AcceptInvitationResult, PendingInvitation } from '@nuage/shared/api-types';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { invitations, projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { joinProject } from './join';
import { INVITATION_NOT_FOUND } from './service';
import { invitationTexts } from '@nuage/shared/messages/projects';

/** The caller's open invitations (made before their account existed, or never opened). */
export async function listPendingInvitations(
  ctx: AppContext,
  input: { email: string },
): Promise<PendingInvitation[]> {
  const rows = await ctx.db
    .select({
      invitation: invitations,
      projectName: projects.nom,
      inviterPrenom: users.prenom,
      inviterNom: users.nom,
    })
    .from(invitations)
    .innerJoin(projects, eq(projects.id, invitations.projectId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.email, input.email.toLowerCase()),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(invitations.createdAt));
  return rows.map((r) => ({
    id: r.invitation.id,
    projet_id: r.invitation.projectId,
    project_name: r.projectName,
    role: r.invitation.role,
    expires_at: r.invitation.expiresAt.toISOString(),
    invited_by: r.inviterPrenom ? `${r.inviterPrenom} ${r.inviterNom}` : null,
  }));
}

/** Accepts one of the caller's pending invitations from the app (no token: the session proves the address). */
export async function acceptPendingInvitation(
  ctx: AppContext,
  input: { invitationId: string; userId: string; email: string },
): Promise<AcceptInvitationResult> {
  if (!isUuid(input.invitationId)) throw notFound(INVITATION_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invitation: invitations, projectName: projects.nom })
      .from(invitations)
      .innerJoin(projects, eq(projects.id, invitations.projectId))
      .where(
        and(
          eq(invitations.id, input.invitationId),
          eq(invitations.email, input.email.toLowerCase()),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .for('update', { of: invitations });
    if (!row) throw notFound(INVITATION_NOT_FOUND);
    const [account] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!account) throw notFound(INVITATION_NOT_FOUND);
    await joinProject(tx, row.invitation, account, ctx.log);
    return {
      message: invitationTexts.joined(row.projectName),
      projet_id: row.invitation.projectId,
      user_created: false,
    };
  });
}
