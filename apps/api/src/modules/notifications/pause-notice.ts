import { notificationEvents } from '@nuage/shared/notification-events';
import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationChannels } from '../../db/schema/notifications';
import { projectMembers, projects } from '../../db/schema/projects';
import { users } from '../../db/schema/users';
import { renderMail } from '../../mail/layout';
import type { Mailer } from '../../mail/mailer';

/**
 * A channel was paused after failing too often: its project's admins hear it by mail and in the
 * app's bell (the channel itself is what fails, so it cannot carry the news).
 */
export async function noticeChannelPaused(
  deps: {
    db: Executor;
    mailer: Mailer;
    publicUrl: string;
    log: { error(o: object, m: string): void };
  },
  channelId: string,
  reason: string,
): Promise<void> {
  const [channel] = await deps.db
    .select({
      nom: notificationChannels.nom,
      projectId: notificationChannels.projectId,
      projet: projects.nom,
    })
    .from(notificationChannels)
    .innerJoin(projects, eq(projects.id, notificationChannels.projectId))
    .where(eq(notificationChannels.id, channelId));
  if (!channel) return;
  const params = { projet: channel.projet, canal: channel.nom, raison: reason };
  const link = `/projects/${channel.projectId}/notifications`;
  await deps.db.transaction(async (tx) => {
    const [event] = (
      (await tx.execute(sql`INSERT INTO notification_events (project_id, type, link, params)
        VALUES (${channel.projectId}, 'channel.paused', ${link}, ${JSON.stringify(params)}::jsonb)
        RETURNING id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    await tx.execute(sql`INSERT INTO user_notifications (user_id, event_id)
      SELECT user_id, ${event!.id} FROM project_members
      WHERE project_id = ${channel.projectId} AND role = 'admin'`);
  });
  const admins = await deps.db
    .select({ email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, channel.projectId), eq(projectMembers.role, 'admin')));
  const def = notificationEvents['channel.paused'];
  for (const { email } of admins) {
    try {
      await deps.mailer.send(
        renderMail({
          to: email,
          subject: def.title(params),
          greeting: t.mailGreeting,
          paragraphs: [def.text(params)],
          action: { label: t.mailAction, url: `${deps.publicUrl}${link}` },
        }),
      );
    } catch (err) {
      deps.log.error({ err, channelId }, 'channel paused notice not mailed');
    }
  }
}
