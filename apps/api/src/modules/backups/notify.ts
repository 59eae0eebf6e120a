import { backupFailureMail } from '../../mail/templates/backup-failure';
import { projectAdmins, type BackupContext } from './context';

/** Mails every admin of the project; a mail that cannot go out is logged, never thrown. */
export async function notifyFailure(
  ctx: BackupContext,
  opts: {
    projectId: string;
    deploymentId: string;
    applicationName: string;
    what: 'sauvegarde' | 'restauration' | 'restauration de test';
    reason: string;
    localCopyKept?: boolean;
  },
): Promise<void> {
  const { projectName, emails } = await projectAdmins(ctx, opts.projectId);
  for (const to of emails) {
    try {
      await ctx.mailer.send(
        backupFailureMail({
          to,
          what: opts.what,
          applicationName: opts.applicationName,
          projectName,
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
