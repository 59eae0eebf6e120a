import { notificationTexts as t } from '@nuage/shared/messages/notifications';
import type { ChannelTestResult } from '@nuage/shared/schemas/responses/notifications';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import {
  notificationChannels,
  notificationEvents,
  notificationOutbox,
} from '../../db/schema/notifications';
import { projects } from '../../db/schema/projects';
import { authorizeProject } from '../projects/policy';
import { loadChannel } from './channels';
import { renderEvent } from './render';
import { unsealChannelSecrets } from './senders/channel-secrets';
import { DeliveryError } from './senders/http-post';
import { sendNotification } from './senders/send-notification';

/**
 * « Tester »: sends a test message now, on this request (the admin sees the service's answer at
 * once), paused or not, and writes it to the channel's delivery log. A success resets the
 * channel's count of failures; a failure does not count towards pausing it.
 */
export async function testChannel(
  ctx: AppContext,
  input: { projectId: string; userId: string; channelId: string },
): Promise<ChannelTestResult> {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const channel = await loadChannel(ctx, input.projectId, input.channelId);
  const [project] = await ctx.db
    .select({ nom: projects.nom })
    .from(projects)
    .where(eq(projects.id, input.projectId));
  const [event] = await ctx.db
    .insert(notificationEvents)
    .values({
      projectId: input.projectId,
      type: 'test',
      link: `/projects/${input.projectId}/notifications`,
      params: { projet: project!.nom, canal: channel.nom },
    })
    .returning();
  const [row] = await ctx.db
    .insert(notificationOutbox)
    .values({ channelId: channel.id, eventId: event!.id, status: 'dead', attempts: 1 })
    .returning();
  try {
    await sendNotification(
      {
        db: ctx.db,
        mailer: ctx.mailer,
        allowPrivateTargets: ctx.config.notifications.allowPrivateTargets,
        telegramApiUrl: ctx.config.notifications.telegramApiUrl,
        nowSeconds: () => Math.floor(Date.now() / 1000),
      },
      {
        kind: channel.kind,
        projectId: channel.projectId,
        secrets: unsealChannelSecrets(ctx.secrets.secretsKey, channel.configSealed),
        chatId: channel.chatId,
        recipientIds: channel.recipientIds,
      },
      renderEvent(event!, { deliveryId: row!.id, publicUrl: ctx.config.publicUrl }),
    );
  } catch (err) {
    const reason =
      err instanceof DeliveryError
        ? err.message
        : t.unreachable(String((err as Error).message).slice(0, 300));
    await ctx.db
      .update(notificationOutbox)
      .set({ lastError: reason })
      .where(eq(notificationOutbox.id, row!.id));
    return { envoye: false, message: t.testFailed(reason) };
  }
  const now = new Date();
  await ctx.db
    .update(notificationOutbox)
    .set({ status: 'sent', sentAt: now })
    .where(eq(notificationOutbox.id, row!.id));
  await ctx.db
    .update(notificationChannels)
    .set({ consecutiveFailures: sql`0`, lastSentAt: now, lastError: null })
    .where(eq(notificationChannels.id, channel.id));
  return { envoye: true, message: t.testSent };
}
