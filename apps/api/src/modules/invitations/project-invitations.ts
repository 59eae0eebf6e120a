import type { ProjectInvitation } from '@nuage/shared/api-types';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { invitations } from '../../db/schema/projects';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordAudit } from '../audit/record';
import { presentInvitation } from '../projects/members';
import { authorizeProject } from '../projects/policy';
import { INVITATION_NOT_FOUND } from './service';

/** Open invitations of a project (admins). */
export async function listProjectInvitations(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<ProjectInvitation[]> {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.projectId, input.projectId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(invitations.createdAt));
  return rows.map(presentInvitation);
}

export async function revokeInvitation(
  ctx: AppContext,
  input: { projectId: string; userId: string; invitationId: string },
) {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  if (!isUuid(input.invitationId)) throw notFound(INVITATION_NOT_FOUND);
  const deleted = await ctx.db
    .delete(invitations)
    .where(
      and(
        eq(invitations.id, input.invitationId),
        eq(invitations.projectId, input.projectId),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id, email: invitations.email, role: invitations.role });
  if (deleted.length === 0) throw notFound(INVITATION_NOT_FOUND);
  await recordAudit(ctx.db, {
    projectId: input.projectId,
    action: 'member.invitation_revoked',
    target: { type: 'invitation', id: deleted[0]!.id, name: deleted[0]!.email },
    details: { role: deleted[0]!.role },
  });
}
