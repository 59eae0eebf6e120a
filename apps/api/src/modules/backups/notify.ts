import type { NotificationEventType } from '@nuage/shared/notification-events';
import { and, eq, sql } from 'drizzle-orm';
import { emitForDeployment } from '../../db/notification-events';
import { userNotificationPreferences } from '../../db/schema/notifications';
import { projectMembers, projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { backupFailureMail } from '../../mail/templates/backup-failure';
import type { BackupContext } from './context';

type Failure = 'sauvegarde' | 'restauration' | 'restauration de test';

/** The notification event of each failure; a restore the user asked for fails before their eyes. */
const eventOf: Record<Failure, NotificationEventType | null> = {
  sauvegarde: 'backup.failed',
  'restauration de test': 'backup.restore_test_failed',
  restauration: null,
};

/**
 * A backup, a test restore or a restore failed. The first two are notification events (issue
 * 27): the project's channels and bell carry them, and e-mail goes through its e-mail channels,
 * each member's /profile choices respected. One path, one mail: the admins' own mail (what the
 * platform sent before notifications existed) goes out only when no e-mail channel of the
 * project took the event, so a failed backup is never left to the bell alone nor mailed twice.
 * Never throws: a mail that cannot go out is logged.
 */
export async function notifyFailure(
  ctx: BackupContext,
  opts: {
    projectId: string;
    deploymentId: string;
    applicationName: string;
    what: Failure;
    reason: string;
    localCopyKept?: boolean;
  },
): Promise<void> {
  const type = eventOf[opts.what];
  if (type) {
    const eventId = await emitForDeployment(ctx.db, ctx.log, opts.deploymentId, {
      type,
      params: { raison: opts.reason, ...(opts.localCopyKept ? { copieLocale: true } : {}) },
    });
    if (eventId && (await takenByEmailChannel(ctx, eventId))) return;
  }
  const [project] = await ctx.db
    .select({ nom: projects.nom })
    .from(projects)
    .where(eq(projects.id, opts.projectId));
  const admins = await ctx.db
    .select({ email: users.email, muted: userNotificationPreferences.emailMuted })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(
      userNotificationPreferences,
      eq(userNotificationPreferences.userId, projectMembers.userId),
    )
    .where(and(eq(projectMembers.projectId, opts.projectId), eq(projectMembers.role, 'admin')));
  for (const { email, muted } of admins) {
    // An admin who turned this event off on /profile is not written to.
    if (type && muted?.includes(type)) continue;
    try {
      await ctx.mailer.send(
        backupFailureMail({
          to: email,
          what: opts.what,
          applicationName: opts.applicationName,
          projectName: project?.nom ?? '',
          reason: opts.reason,
          localCopyKept: opts.localCopyKept ?? false,
          url: `${ctx.config.publicUrl}/deployment/${opts.deploymentId}`,
        }),
      );
    } catch (err) {
      ctx.log.error({ err, projectId: opts.projectId }, 'backup failure mail not sent');
    }
  }
}

/** Whether one of the project's e-mail channels queued this event (it mails it, then). */
async function takenByEmailChannel(ctx: BackupContext, eventId: string): Promise<boolean> {
  const result = (await ctx.db.execute(sql`
    SELECT 1 FROM notification_outbox o JOIN notification_channels c ON c.id = o.channel_id
    WHERE o.event_id = ${eventId} AND c.kind = 'email' LIMIT 1`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}
