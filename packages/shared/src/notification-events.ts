import { notificationEventTexts as t, type NotificationParams } from './messages/notifications';

/**
 * The one table of notification events (issue 27): their French label, title and text, whether
 * a new channel receives them unless unticked (`byDefault`), and what the message links to.
 * `backup.succeeded` is opt-in. `channel.paused` and `test` are the platform's own messages:
 * never chosen in a form, always delivered.
 */
export const notificationEvents = {
  'deployment.succeeded': { ...t.deploymentSucceeded, byDefault: true, severity: 'info' },
  'deployment.failed': { ...t.deploymentFailed, byDefault: true, severity: 'error' },
  'deployment.rolled_back': { ...t.deploymentRolledBack, byDefault: true, severity: 'warning' },
  'build.failed': { ...t.buildFailed, byDefault: true, severity: 'error' },
  'app.crash_loop': { ...t.crashLoop, byDefault: true, severity: 'error' },
  'app.crash_loop_ended': { ...t.crashLoopEnded, byDefault: true, severity: 'success' },
  'app.down': { ...t.applicationDown, byDefault: true, severity: 'error' },
  'app.up': { ...t.applicationUp, byDefault: true, severity: 'success' },
  'metric.alert': { ...t.metricAlert, byDefault: true, severity: 'warning' },
  'metric.recovered': { ...t.metricRecovered, byDefault: true, severity: 'success' },
  'backup.failed': { ...t.backupFailed, byDefault: true, severity: 'error' },
  'backup.restore_test_failed': { ...t.restoreTestFailed, byDefault: true, severity: 'error' },
  'task.failed': { ...t.taskFailed, byDefault: true, severity: 'error' },
  'backup.succeeded': { ...t.backupSucceeded, byDefault: false, severity: 'info' },
  'certificate.expiring': { ...t.certificateExpiring, byDefault: true, severity: 'warning' },
  'certificate.failed': { ...t.certificateFailed, byDefault: true, severity: 'error' },
  'quota.high': { ...t.quotaHigh, byDefault: true, severity: 'warning' },
  'quota.refused': { ...t.quotaRefused, byDefault: true, severity: 'error' },
  'autoscale.blocked': { ...t.autoscaleBlocked, byDefault: true, severity: 'warning' },
  'member.joined': { ...t.memberJoined, byDefault: true, severity: 'info' },
  'member.role_changed': { ...t.memberRoleChanged, byDefault: true, severity: 'info' },
  'channel.paused': { ...t.channelPaused, byDefault: true, severity: 'warning' },
  test: { ...t.test, byDefault: true, severity: 'info' },
} as const satisfies Record<
  string,
  {
    label: string;
    title: (p: NotificationParams) => string;
    text: (p: NotificationParams) => string;
    byDefault: boolean;
    severity: 'info' | 'success' | 'warning' | 'error';
  }
>;

export type NotificationEventType = keyof typeof notificationEvents;
export type NotificationSeverity = (typeof notificationEvents)[NotificationEventType]['severity'];

/** The events an admin chooses per channel (the platform's own messages always go out). */
export const choosableEvents = (Object.keys(notificationEvents) as NotificationEventType[]).filter(
  (e) => e !== 'channel.paused' && e !== 'test',
);
export type ChoosableEvent = Exclude<NotificationEventType, 'channel.paused' | 'test'>;

/** A new channel's ticked events. */
export const defaultEvents = choosableEvents.filter((e) => notificationEvents[e].byDefault);

export const channelKinds = ['email', 'webhook', 'slack', 'teams', 'discord', 'telegram'] as const;
export type ChannelKind = (typeof channelKinds)[number];

/** Consecutive failed deliveries after which a channel is paused (and its admins told). */
export const PAUSE_AFTER_FAILURES = 10;
