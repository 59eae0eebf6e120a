import { PAUSE_AFTER_FAILURES } from '@nuage/shared/notification-events';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { notificationChannels, notificationEvents } from '../../db/schema/notifications';
import { dueIn } from '../../lib/due-rows-worker';
import { SAFETY_POLL_MS, WorkLoop } from '../../lib/work-loop';
import type { Mailer } from '../../mail/mailer';
import {
  claimDue,
  markFailed,
  markSent,
  nextDueAt,
  postpone,
  sentSince,
  type ClaimedMessage,
} from './outbox-store';
import { noticeChannelPaused } from './pause-notice';
import { renderEvent } from './render';
import { unsealChannelSecrets } from './senders/channel-secrets';
import { DeliveryError } from './senders/http-post';
import { sendNotification } from './senders/send-notification';
import { notificationTexts as t } from '@nuage/shared/messages/notifications';

export interface DeliveryWorkerOptions {
  db: Executor;
  mailer: Mailer;
  secretsKey: Buffer;
  publicUrl: string;
  allowPrivateTargets: boolean;
  telegramApiUrl: string;
  log: FastifyBaseLogger;
  /** The poll between passes, always (tests); by default 2 s while database notifications are down, else the safety poll. */
  pollMs?: number;
  /** How long a claimed row is this process's; past it (a crash), another process takes it. */
  leaseMs?: number;
  /** Tries before a message is given up (the log keeps it, with its last error). */
  maxAttempts?: number;
  /** Messages per channel per minute; beyond, they wait (a burst is spread, not lost). */
  perMinute?: number;
  now?: () => Date;
}

/** Polls while queued messages cannot be heard (no LISTEN); SAFETY_POLL_MS when they can. */
const POLL_UNHEARD_MS = 2000;

const BACKOFF_BASE_MS = 15_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** 15 s, 30 s, 1 min… up to an hour between tries of one message. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

/**
 * Sends the outbox (issue 27), in every API process: at least once, each message by one process
 * at a time (outbox-store.ts), retried with backoff, a channel paused after
 * PAUSE_AFTER_FAILURES failures in a row.
 */
export class DeliveryWorker {
  private readonly loop: WorkLoop;
  private readonly now: () => Date;
  /** Queued messages wake this worker (db/wake-channels.ts): no frequent polling needed. */
  private listening = false;

  constructor(private readonly opts: DeliveryWorkerOptions) {
    this.now = opts.now ?? (() => new Date());
    this.loop = new WorkLoop(() => this.pass(), {
      pollMs: () => opts.pollMs ?? (this.listening ? SAFETY_POLL_MS : POLL_UNHEARD_MS),
      log: opts.log,
      failure: 'notification delivery pass failed',
      // Retries, rate-limited messages and leases of a crashed process fall due on their own.
      nextDueMs: async () => dueIn(await nextDueAt(opts.db), this.now().getTime()),
    });
  }

  start() {
    this.loop.start();
  }

  stop(deadline?: number) {
    return this.loop.stop(deadline);
  }

  wake() {
    this.loop.wake();
  }

  /** A message was queued (a database notification, any process). */
  wakeAt() {
    this.loop.wake();
  }

  setListening(listening: boolean) {
    this.listening = listening;
    if (!listening) this.loop.wake();
  }

  /** One pass: claims due messages and sends them; answers how many it handled. */
  async pass(): Promise<number> {
    const claimed = await claimDue(this.opts.db, {
      now: this.now(),
      leaseMs: this.opts.leaseMs ?? 120_000,
      limit: 20,
    });
    for (const msg of claimed) await this.deliver(msg);
    return claimed.length;
  }

  private async deliver(msg: ClaimedMessage) {
    const { db } = this.opts;
    const [channel] = await db
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.id, msg.channelId));
    const [event] = await db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.id, msg.eventId));
    if (!channel || !event) return;
    const now = this.now();
    const limit = this.opts.perMinute ?? 20;
    if ((await sentSince(db, channel.id, new Date(now.getTime() - 60_000))) >= limit) {
      await postpone(db, msg.id, new Date(now.getTime() + 30_000));
      return;
    }
    try {
      await sendNotification(
        {
          db,
          mailer: this.opts.mailer,
          allowPrivateTargets: this.opts.allowPrivateTargets,
          telegramApiUrl: this.opts.telegramApiUrl,
          nowSeconds: () => Math.floor(this.now().getTime() / 1000),
        },
        {
          kind: channel.kind,
          projectId: channel.projectId,
          secrets: unsealChannelSecrets(this.opts.secretsKey, channel.configSealed),
          chatId: channel.chatId,
          recipientIds: channel.recipientIds,
        },
        renderEvent(event, { deliveryId: msg.id, publicUrl: this.opts.publicUrl }),
      );
      await markSent(db, msg, this.now());
    } catch (err) {
      const error =
        err instanceof DeliveryError
          ? err.message
          : t.unreachable(String((err as Error).message).slice(0, 300));
      this.opts.log.warn(
        { channelId: channel.id, deliveryId: msg.id, error },
        'notification not delivered',
      );
      const failedAt = this.now();
      const retryAt =
        msg.attempts >= (this.opts.maxAttempts ?? 8)
          ? null
          : new Date(failedAt.getTime() + backoffMs(msg.attempts));
      const { paused } = await markFailed(db, msg, {
        error,
        retryAt,
        now: failedAt,
        pauseAfter: PAUSE_AFTER_FAILURES,
      });
      if (paused)
        await noticeChannelPaused(
          { db, mailer: this.opts.mailer, publicUrl: this.opts.publicUrl, log: this.opts.log },
          channel.id,
          error,
        );
    }
  }
}
