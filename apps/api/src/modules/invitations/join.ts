import { roleLabels } from '@nuage/shared/roles';
import { emitQuietly } from '../../db/notification-events';
import type { Executor } from '../../db/client';
import { invitations, projectMembers } from '../../db/schema/projects';
import { requestScope } from '../../http/request-scope';
import { recordAudit } from '../audit/record';
import { eq } from 'drizzle-orm';

/** Marks the invitation used and adds the member (an existing membership keeps its role). */
export async function joinProject(
  tx: Executor,
  invitation: typeof invitations.$inferSelect,
  account: { id: string; prenom: string; nom: string; email: string },
  log: { error(obj: object, msg: string): void },
) {
  await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: account.id })
    .where(eq(invitations.id, invitation.id));
  await tx
    .insert(projectMembers)
    .values({ projectId: invitation.projectId, userId: account.id, role: invitation.role })
    .onConflictDoNothing({ target: [projectMembers.projectId, projectMembers.userId] });
  // The project's channels (issue 27); in a savepoint: a failure is undone, the join goes on.
  await emitQuietly(tx, log, {
    projectId: invitation.projectId,
    type: 'member.joined',
    link: `/projects/${invitation.projectId}`,
    params: { membre: `${account.prenom} ${account.nom}`, role: roleLabels[invitation.role] },
  });
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
