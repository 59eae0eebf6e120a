import type { NotificationEventType } from '@nuage/shared/notification-events';
import { notificationEvents as eventTable } from '@nuage/shared/notification-events';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { notificationEvents, notificationOutbox } from '../../db/schema/notifications';
import { authorizeProject } from '../projects/policy';
import { loadChannel } from './channels';
import { presentDelivery } from './presenter';

const LOG_LENGTH = 50;

/** A channel's delivery log: its last 50 messages, newest first, with their last error. */
export async function listDeliveries(
  ctx: AppContext,
  input: { projectId: string; userId: string; channelId: string },
) {
  await authorizeProject(ctx.db, { ...input, need: 'admin' });
  const channel = await loadChannel(ctx, input.projectId, input.channelId);
  const rows = await ctx.db
    .select({ outbox: notificationOutbox, event: notificationEvents })
    .from(notificationOutbox)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notificationOutbox.eventId))
    .where(eq(notificationOutbox.channelId, channel.id))
    .orderBy(desc(notificationOutbox.createdAt))
    .limit(LOG_LENGTH);
  return rows.map(({ outbox, event }) => {
    const def = eventTable[event.type as NotificationEventType] ?? eventTable.test;
    return presentDelivery(outbox, { type: event.type, title: def.title(event.params) });
  });
}
