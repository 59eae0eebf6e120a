import type { NotificationParams } from '@nuage/shared/messages/notifications';
import { notificationEvents, type NotificationEventType } from '@nuage/shared/notification-events';
import type { OutgoingNotification } from './senders/message';

export interface EventRow {
  id: string;
  projectId: string;
  type: string;
  environmentId: string | null;
  link: string | null;
  params: NotificationParams;
  createdAt: Date;
}

/** An event row in French, as it goes out on a channel (the events table says what). */
export function renderEvent(
  event: EventRow,
  opts: { deliveryId: string; publicUrl: string },
): OutgoingNotification {
  const def = notificationEvents[event.type as NotificationEventType] ?? notificationEvents.test;
  return {
    deliveryId: opts.deliveryId,
    eventId: event.id,
    type: event.type,
    title: def.title(event.params),
    text: def.text(event.params),
    severity: def.severity,
    url: event.link ? `${opts.publicUrl}${event.link}` : null,
    project: { id: event.projectId, nom: event.params.projet },
    environmentId: event.environmentId,
    occurredAt: event.createdAt,
  };
}
