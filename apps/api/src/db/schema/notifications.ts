import type { NotificationParams } from '@nuage/shared/messages/notifications';
import { channelKinds } from '@nuage/shared/notification-events';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { deployments } from './deployments';
import { projects } from './projects';
import { users } from './users';

/**
 * Where a project's notifications go (issue 27). `configSealed` holds the secrets, sealed with
 * the server's key (AES-256-GCM): webhook addresses (Slack, Teams and Discord put their key in
 * the URL), the webhook's signing secret, the Telegram bot token. `targetHint` is what the API
 * shows instead (a host, a chat). `pausedAt` is set after PAUSE_AFTER_FAILURES failures in a row.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    kind: text('kind', { enum: channelKinds }).notNull(),
    events: text('events').array().notNull(),
    /** Empty: every environment. */
    environmentIds: uuid('environment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** E-mail channels: the members written to (those still members when a message goes out). */
    recipientIds: uuid('recipient_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    configSealed: text('config_sealed'),
    chatId: text('chat_id'),
    targetHint: text('target_hint').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    pausedAt: timestamptz('paused_at'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastError: text('last_error'),
    lastSentAt: timestamptz('last_sent_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('notification_channels_project_idx').on(t.projectId)],
);

/**
 * What happened, once: the outbox rows and the users' bell point here. `dedupKey` makes an event
 * that must be told once (a certificate's 30/14/3-day warnings) unique within its project.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    environmentId: uuid('environment_id'),
    /** The page the message links to, below PUBLIC_URL (`/deployment/…`). */
    link: text('link'),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    dedupKey: text('dedup_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_events_dedup_key')
      .on(t.projectId, t.dedupKey)
      .where(sql`${t.dedupKey} is not null`),
    index('notification_events_project_idx').on(t.projectId, t.createdAt),
  ],
);

export const outboxStatuses = ['pending', 'sent', 'dead'] as const;

/**
 * One message to send on one channel; also the channel's delivery log. Workers claim rows with
 * `FOR UPDATE SKIP LOCKED` and hold them by `lockedUntil` (a lease): a process killed mid-send
 * leaves its lease to run out, and the row is sent again (at least once).
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_outbox_channel_idx').on(t.channelId, t.createdAt),
  ],
);

/**
 * An ongoing problem (a crash loop, an application down) by key: while it is open, the same
 * problem seen again is counted, not told again; its end is told once, with that count.
 */
export const notificationIncidents = pgTable(
  'notification_incidents',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
    repeats: integer('repeats').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] })],
);

/** The bell: one row per event and member who should see it in the app. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventId] }),
    index('user_notifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Restarts seen within the crash-loop window (engine/reconcile/crash-loop.ts). */
export interface RestartSample {
  at: string;
  restarts: number;
}

/**
 * What the engine remembers of an application's restarts between passes, wherever the next pass
 * runs (any API process): the recent restarts, and whether a crash loop was told.
 */
export const crashWatch = pgTable('crash_watch', {
  deploymentId: uuid('deployment_id')
    .primaryKey()
    .references(() => deployments.id, { onDelete: 'cascade' }),
  samples: jsonb('samples').$type<RestartSample[]>().notNull().default([]),
  lastRestartAt: timestamptz('last_restart_at'),
  looping: boolean('looping').notNull().default(false),
});

/**
 * A user's own e-mail preferences (/profile): the events they do not want by e-mail (even on a
 * channel an admin added them to), and whether a sign-in from a new device is mailed to them.
 */
export const userNotificationPreferences = pgTable('user_notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailMuted: text('email_muted')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  newDeviceMail: boolean('new_device_mail').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
