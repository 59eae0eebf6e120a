import {
  notificationEvents as eventTable,
  type NotificationEventType,
} from '@nuage/shared/notification-events';
import type {
  NotificationPreferences,
  UserNotifications,
} from '@nuage/shared/schemas/responses/notifications';
import type { NotificationPreferencesInput } from '@nuage/shared/schemas/notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import {
  notificationEvents,
  userNotificationPreferences,
  userNotifications,
} from '../../db/schema/notifications';
import { projectMembers } from '../../db/schema/projects';

const BELL_LENGTH = 30;

/** The signed-in user's bell: entries of the projects they are still a member of. */
const stillMember = (userId: string) =>
  sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${notificationEvents.projectId} and ${projectMembers.userId} = ${userId})`;

export async function listInbox(ctx: AppContext, userId: string): Promise<UserNotifications> {
  const rows = await ctx.db
    .select({ entry: userNotifications, event: notificationEvents })
    .from(userNotifications)
    .innerJoin(notificationEvents, eq(notificationEvents.id, userNotifications.eventId))
    .where(and(eq(userNotifications.userId, userId), stillMember(userId)))
    .orderBy(desc(userNotifications.createdAt))
    .limit(BELL_LENGTH);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(userNotifications)
    .innerJoin(notificationEvents, eq(notificationEvents.id, userNotifications.eventId))
    .where(
      and(
        eq(userNotifications.userId, userId),
        isNull(userNotifications.readAt),
        stillMember(userId),
      ),
    );
  return {
    non_lues: Number(unread?.n ?? 0),
    notifications: rows.map(({ entry, event }) => {
      const def = eventTable[event.type as NotificationEventType] ?? eventTable.test;
      return {
        id: event.id,
        evenement: event.type,
        titre: def.title(event.params),
        texte: def.text(event.params),
        gravite: def.severity,
        lien: event.link,
        projet_id: event.projectId,
        lue: entry.readAt !== null,
        created_at: entry.createdAt.toISOString(),
      };
    }),
  };
}

export async function markRead(ctx: AppContext, userId: string, ids: string[] | undefined) {
  if (ids && ids.length === 0) return;
  await ctx.db
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(userNotifications.userId, userId),
        isNull(userNotifications.readAt),
        ids ? inArray(userNotifications.eventId, ids) : undefined,
      ),
    );
}

export async function getPreferences(
  ctx: AppContext,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await ctx.db
    .select()
    .from(userNotificationPreferences)
    .where(eq(userNotificationPreferences.userId, userId));
  return { email_muets: row?.emailMuted ?? [], nouvel_appareil: row?.newDeviceMail ?? true };
}

export async function setPreferences(
  ctx: AppContext,
  userId: string,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const values = {
    emailMuted: [...new Set(input.email_muets)],
    newDeviceMail: input.nouvel_appareil,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(userNotificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userNotificationPreferences.userId, set: values });
  return getPreferences(ctx, userId);
}
