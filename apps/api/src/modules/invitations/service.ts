import type { AcceptInvitationResult, InvitationInfo } from '@nuage/shared/api-types';
import { validation } from '@nuage/shared/messages';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { invitations, projects } from '../../db/schema/projects';
import { clientFolders, users } from '../../db/schema/users';
import { keyedHash } from '../../lib/crypto';
import { conflict, FieldValidationError, notFound, type FieldIssue } from '../../lib/errors';
import { hashPassword } from '../auth/passwords';
import { joinProject } from './join';
import { clientFolderName } from '../auth/registration';
import { createSession } from '../sessions/service';
import { emailEquals, findUserByEmail } from '../users/lookup';
import { invitationTexts, memberTexts } from '@nuage/shared/messages/projects';

export const INVITATION_NOT_FOUND = invitationTexts.invalid;

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
  const passwordHash = input.motDePasse
    ? await hashPassword(input.motDePasse, ctx.config.passwordHashProfile)
    : null;
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
      await joinProject(tx, invitation, account!, ctx.log);
      return {
        account: account!,
        created,
        projectId: invitation.projectId,
        projectName: row.projectName,
      };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(memberTexts.alreadyMember);
      throw err;
    });

  ctx.log.info({ projectId: result.projectId, userCreated: result.created }, 'invitation accepted');
  const message = invitationTexts.joined(result.projectName);
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
