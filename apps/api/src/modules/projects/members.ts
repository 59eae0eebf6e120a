import { roleLabels } from '@nuage/shared/roles';
import { emitQuietly } from '../../db/notification-events';
import type { AddMemberResult, ProjectInvitation, ProjectMember } from '@nuage/shared/api-types';
import { hasRole, type ProjectRole } from '@nuage/shared/roles';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { invitations, projectMembers } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { keyedHash, randomToken } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { RateLimiter, type Limit } from '../../db/rate-limiter';
import { recordAudit } from '../audit/record';
import { invitationLimits } from '@nuage/shared/account-limits';
import { accountTexts } from '@nuage/shared/security-messages';
import { INVITATION_TTL_DAYS } from '@nuage/shared/messages/mail';
import { invitationMail } from '../../mail/templates/invitation';
import { deliverOrFail } from '../auth/mail-delivery';
import { emailEquals } from '../users/lookup';
import { authorizeProject, authorizeUnderLock, forbiddenDetail } from './policy';
import { presentMember } from './presenter';
import { memberTexts } from '@nuage/shared/messages/projects';

export const MEMBER_NOT_FOUND = memberTexts.notFound;
export const LAST_ADMIN = memberTexts.lastAdmin;

const memberColumns = {
  id: projectMembers.id,
  userId: projectMembers.userId,
  prenom: users.prenom,
  nom: users.nom,
  email: users.email,
  role: projectMembers.role,
  createdAt: projectMembers.createdAt,
};

export async function listMembers(
  ctx: AppContext,
  input: { projectId: string; userId: string },
): Promise<ProjectMember[]> {
  await authorizeProject(ctx.db, { ...input, need: 'user' });
  const rows = await ctx.db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, input.projectId))
    .orderBy(asc(projectMembers.createdAt));
  return rows.map(presentMember);
}

/**
 * Invites someone by e-mail: always a 7-day, single-use invitation (token hashed), mailed, that
 * the person must accept, whether or not the address has an account (an existing account also
 * sees it in the app). The answer is the same either way, so it reveals nothing about the
 * address. Invitations are limited per project and per inviter.
 */
export async function addMember(
  ctx: AppContext,
  input: {
    projectId: string;
    userId: string;
    email: string;
    role: ProjectRole;
    inviterName: string;
  },
): Promise<AddMemberResult> {
  const token = randomToken();
  const outcome = await ctx.db.transaction(async (tx) => {
    const { project } = await authorizeUnderLock(tx, { ...input, need: 'admin' });
    const [member] = await tx
      .select({ id: projectMembers.id })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(eq(projectMembers.projectId, project.id), emailEquals(input.email)));
    // The admin already sees the members list: saying so reveals nothing new.
    if (member) throw conflict(memberTexts.alreadyMember);
    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.projectId, project.id),
          eq(invitations.email, input.email),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      );
    if (open) throw conflict(memberTexts.invitationPending);
    const counted = await new RateLimiter(tx, ctx.secrets.hashKey).acquire(
      invitationLimitsFor(project.id, input.userId),
    );
    // An expired invitation for the same address is replaced.
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.projectId, project.id),
          eq(invitations.email, input.email),
          isNull(invitations.acceptedAt),
          lte(invitations.expiresAt, new Date()),
        ),
      );
    const [invitation] = await tx
      .insert(invitations)
      .values({
        projectId: project.id,
        email: input.email,
        role: input.role,
        tokenHash: keyedHash(ctx.secrets.hashKey, token),
        invitedBy: input.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600_000),
      })
      .returning();
    await recordAudit(tx, {
      projectId: project.id,
      action: 'member.invite',
      target: { type: 'invitation', id: invitation!.id, name: input.email },
      details: { role: input.role },
    });
    return { project, invitation: invitation!, counted };
  });

  const url = `${ctx.config.publicUrl}/invitations/${encodeURIComponent(token)}`;
  try {
    await deliverOrFail(
      ctx,
      invitationMail({
        to: input.email,
        inviter: input.inviterName,
        projectName: outcome.project.nom,
        role: input.role,
        url,
      }),
    );
  } catch (err) {
    // No mail, no invitation (nor a spent allowance): the admin can simply try again.
    await ctx.db.delete(invitations).where(eq(invitations.id, outcome.invitation.id));
    await new RateLimiter(ctx.db, ctx.secrets.hashKey).forget(outcome.counted);
    throw err;
  }
  ctx.log.info({ projectId: input.projectId }, 'invitation sent');
  return {
    type: 'invitation_sent',
    message: accountTexts.invitationSent,
    invitation: presentInvitation(outcome.invitation),
  };
}

const HOUR_MS = 3600_000;

function invitationLimitsFor(projectId: string, inviterId: string): Limit[] {
  return [
    {
      bucket: 'invitation-project',
      subject: projectId,
      windowMs: HOUR_MS,
      max: invitationLimits.perProjectPerHour,
      detail: accountTexts.invitationsTooManyProject,
    },
    {
      bucket: 'invitation-inviter',
      subject: inviterId,
      windowMs: 24 * HOUR_MS,
      max: invitationLimits.perInviterPerDay,
      detail: accountTexts.invitationsTooManyInviter,
    },
  ];
}

export function presentInvitation(row: typeof invitations.$inferSelect): ProjectInvitation {
  return {
    id: row.id,
    email: row.email,
    role_projet: row.role,
    expires_at: row.expiresAt.toISOString(),
    date_creation: row.createdAt.toISOString(),
  };
}

/** A membership of the project (the caller already holds the project lock). */
async function findMember(tx: Executor, projectId: string, memberId: string) {
  if (!isUuid(memberId)) throw notFound(MEMBER_NOT_FOUND);
  const [member] = await tx
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.id, memberId), eq(projectMembers.projectId, projectId)));
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

async function otherAdmins(tx: Executor, projectId: string, memberId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.role, 'admin'),
        sql`${projectMembers.id} <> ${memberId}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Changes a member's role; the last admin cannot be demoted. */
export async function updateMemberRole(
  ctx: AppContext,
  input: { projectId: string; userId: string; memberId: string; role: ProjectRole },
): Promise<ProjectMember> {
  return ctx.db.transaction(async (tx) => {
    await authorizeUnderLock(tx, { ...input, need: 'admin' });
    const member = await findMember(tx, input.projectId, input.memberId);
    if (
      member.role === 'admin' &&
      input.role !== 'admin' &&
      (await otherAdmins(tx, input.projectId, member.id)) === 0
    ) {
      throw badRequest(LAST_ADMIN);
    }
    await tx
      .update(projectMembers)
      .set({ role: input.role })
      .where(eq(projectMembers.id, member.id));
    if (member.role !== input.role)
      await recordAudit(tx, {
        projectId: input.projectId,
        action: 'member.role',
        target: { type: 'member', id: member.userId, name: `${member.prenom} ${member.nom}` },
        details: { avant: member.role, apres: input.role },
      });
    if (member.role !== input.role)
      await emitQuietly(tx, ctx.log, {
        projectId: input.projectId,
        type: 'member.role_changed',
        link: `/projects/${input.projectId}`,
        params: { membre: `${member.prenom} ${member.nom}`, role: roleLabels[input.role] },
      });
    return presentMember({ ...member, role: input.role });
  });
}

/**
 * Removes a member. Admins remove anyone; any member may leave (remove themselves). The last
 * admin can be neither.
 */
export async function removeMember(
  ctx: AppContext,
  input: { projectId: string; userId: string; memberId: string },
) {
  await ctx.db.transaction(async (tx) => {
    const { role } = await authorizeUnderLock(tx, { ...input, need: 'user' });
    const member = await findMember(tx, input.projectId, input.memberId);
    // Leaving is every member's right; removing someone else is an admin's.
    if (member.userId !== input.userId && !hasRole(role, 'admin')) {
      throw forbidden(forbiddenDetail('admin'));
    }
    if (member.role === 'admin' && (await otherAdmins(tx, input.projectId, member.id)) === 0) {
      throw badRequest(LAST_ADMIN);
    }
    await tx.delete(projectMembers).where(eq(projectMembers.id, member.id));
    await recordAudit(tx, {
      projectId: input.projectId,
      action: member.userId === input.userId ? 'member.leave' : 'member.remove',
      target: { type: 'member', id: member.userId, name: `${member.prenom} ${member.nom}` },
      details: { role: member.role, email: member.email },
    });
  });
}
