import type {
  AcceptInvitationResult,
  InvitationInfo,
  PendingInvitation,
  ProjectInvitation,
} from '@nuage/shared/api-types';
import { validation } from '@nuage/shared/messages';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { invitations, projectMembers, projects } from '../../db/schema/projects';
import { clientFolders, users } from '../../db/schema/users';
import { keyedHash } from '../../lib/crypto';
import { conflict, FieldValidationError, notFound, type FieldIssue } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { requestScope } from '../../http/request-scope';
import { recordAudit } from '../audit/record';
import { hashPassword } from '../auth/passwords';
import { clientFolderName } from '../auth/registration';
import { createSession } from '../sessions/service';
import { presentInvitation } from '../projects/members';
import { authorizeProject } from '../projects/policy';
import { emailEquals, findUserByEmail } from '../users/lookup';

export const INVITATION_NOT_FOUND =
  "Cette invitation n'existe pas, a expiré ou a déjà été utilisée.";

/** An open invitation (not used, not expired) by its mailed token. */
async function openInvitationByToken(db: Executor, hashKey: Buffer, token: string, lock = false) {
  const query = db
    .select({ invitation: invitations, projectName: projects.nom })
    .from(invitations)
    .innerJoin(projects, eq(projects.id, invitations.projectId))
    .where(
      and(
        eq(invitations.tokenHash, keyedHash(hashKey, token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row;
}

export async function getInvitationInfo(
  ctx: AppContext,
  input: { token: string },
): Promise<InvitationInfo> {
  const row = await openInvitationByToken(ctx.db, ctx.secrets.hashKey, input.token);
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  const account = await findUserByEmail(ctx.db, row.invitation.email);
  return {
    projet_id: row.invitation.projectId,
    project_name: row.projectName,
    email: row.invitation.email,
    role: row.invitation.role,
    expires_at: row.invitation.expiresAt.toISOString(),
    // An account never verified cannot be used: the invitee will set a password instead.
    user_exists: Boolean(account?.verifiedAt),
  };
}

/**
 * Uses an invitation once. Without an account for the invited e-mail, it creates one (verified:
 * the mailed link proves the address) and signs it in; an existing account is only added to the
 * project, never signed in by the link.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: {
    token: string;
    nom?: string;
    prenom?: string;
    motDePasse?: string;
    client: { ip: string; userAgent: string | null };
  },
): Promise<AcceptInvitationResult & { sessionExpiresAt?: Date }> {
  // A cheap look first, so unknown tokens never cost an argon2 hash; the transaction re-checks.
  if (!(await openInvitationByToken(ctx.db, ctx.secrets.hashKey, input.token)))
    throw notFound(INVITATION_NOT_FOUND);
  const passwordHash = input.motDePasse ? await hashPassword(input.motDePasse) : null;
  const result = await ctx.db
    .transaction(async (tx) => {
      const row = await openInvitationByToken(tx, ctx.secrets.hashKey, input.token, true);
      if (!row) throw notFound(INVITATION_NOT_FOUND);
      const { invitation } = row;
      let [account] = await tx.select().from(users).where(emailEquals(invitation.email));
      let created = false;
      if (!account?.verifiedAt) {
        // No usable account: the invitee sets their own names and password now. An account
        // registered but never verified is overwritten, like a new registration would: whoever
        // created it did not prove the mailbox, the invitation link does.
        const issues = missingAccountFields(input);
        if (issues.length) throw new FieldValidationError(issues);
        const fields = {
          nom: input.nom!,
          prenom: input.prenom!,
          passwordHash: passwordHash!,
          verifiedAt: new Date(),
          updatedAt: new Date(),
        };
        [account] = account
          ? await tx.update(users).set(fields).where(eq(users.id, account.id)).returning()
          : await tx
              .insert(users)
              .values({ ...fields, email: invitation.email })
              .returning();
        await tx
          .insert(clientFolders)
          .values({
            userId: account!.id,
            nom: clientFolderName(input.prenom!, input.nom!, account!.id),
          })
          .onConflictDoNothing({ target: clientFolders.userId });
        created = true;
      }
      await joinProject(tx, invitation, account!);
      return {
        account: account!,
        created,
        projectId: invitation.projectId,
        projectName: row.projectName,
      };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict('Cette personne est déjà membre du projet.');
      throw err;
    });

  ctx.log.info({ projectId: result.projectId, userCreated: result.created }, 'invitation accepted');
  const message = `Vous avez rejoint le projet « ${result.projectName} ».`;
  if (!result.created) return { message, projet_id: result.projectId, user_created: false };
  const session = await createSession(ctx, { userId: result.account.id, ...input.client });
  return {
    message,
    projet_id: result.projectId,
    user_created: true,
    access_token: session.token,
    sessionExpiresAt: session.expiresAt,
  };
}

function missingAccountFields(input: {
  nom?: string;
  prenom?: string;
  motDePasse?: string;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!input.prenom)
    issues.push({ loc: ['body', 'prenom'], msg: validation.prenomRequired, type: 'missing' });
  if (!input.nom)
    issues.push({ loc: ['body', 'nom'], msg: validation.nomRequired, type: 'missing' });
  if (!input.motDePasse)
    issues.push({
      loc: ['body', 'mot_de_passe'],
      msg: validation.passwordRequired,
      type: 'missing',
    });
  return issues;
}

/** Marks the invitation used and adds the member (an existing membership keeps its role). */
async function joinProject(
  tx: Executor,
  invitation: typeof invitations.$inferSelect,
  account: { id: string; prenom: string; nom: string; email: string },
) {
  await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: account.id })
    .where(eq(invitations.id, invitation.id));
  await tx
    .insert(projectMembers)
    .values({ projectId: invitation.projectId, userId: account.id, role: invitation.role })
    .onConflictDoNothing({ target: [projectMembers.projectId, projectMembers.userId] });
  // The invitee may not be signed in (the mailed link): the entry names them explicitly.
  const scope = requestScope();
  await recordAudit(
    tx,
    {
      projectId: invitation.projectId,
      action: 'member.join',
      target: { type: 'member', id: account.id, name: `${account.prenom} ${account.nom}` },
      details: { role: invitation.role, email: account.email },
    },
    scope && {
      ...scope,
      user: { id: account.id, prenom: account.prenom, nom: account.nom, email: account.email },
    },
  );
}

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
    await joinProject(tx, row.invitation, account);
    return {
      message: `Vous avez rejoint le projet « ${row.projectName} ».`,
      projet_id: row.invitation.projectId,
      user_created: false,
    };
  });
}

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
