import type { NotificationSeverity } from '@nuage/shared/notification-events';

/** One notification, rendered in French, as every sender receives it. */
export interface OutgoingNotification {
  /** The outbox row's id: the same on every retry of one message (receivers deduplicate on it). */
  deliveryId: string;
  eventId: string;
  type: string;
  title: string;
  text: string;
  severity: NotificationSeverity;
  /** Absolute link to the page concerned, if any. */
  url: string | null;
  project: { id: string; nom: string };
  environmentId: string | null;
  occurredAt: Date;
}

/** The colour of each severity, for the services that show one. */
export const severityColours: Record<NotificationSeverity, number> = {
  info: 0x2563eb,
  success: 0x16a34a,
  warning: 0xd97706,
  error: 0xdc2626,
};

/** The text followed by its link, for the services that take plain text. */
export const withLink = (n: OutgoingNotification, label: string) =>
  n.url ? `${n.text}\n${label} : ${n.url}` : n.text;
