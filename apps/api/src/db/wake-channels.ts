import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client';

/** Notified by triggers (migration 0021) when a write makes engine work due; payload: when (epoch ms). */
export const ENGINE_CHANNEL = 'nuage_engine';
/** Notified by a trigger when a build is queued or changes status (room in the queue). */
export const BUILDS_CHANNEL = 'nuage_builds';
/** Notified by a trigger (migration 0022) when notification messages are queued. */
export const NOTIFICATIONS_CHANNEL = 'nuage_notifications';

/** What a wake channel drives: a loop that sleeps until work is due. */
export interface Wakeable {
  /** Work is due at `epochMs`, or now when unknown. */
  wakeAt(epochMs?: number): void;
  /** False while notifications may be missed: the loop polls at its short interval meanwhile. */
  setListening(listening: boolean): void;
}

/**
 * LISTENs on `channel` for `target`: a notification wakes it at the time it carries; while the
 * connection is lost (or could not be made) the target polls as it did before notifications,
 * and is woken once they flow again, for what it may have missed. Returns the unsubscribe.
 */
export async function listenForWakes(
  database: DatabaseHandle,
  channel: string,
  target: Wakeable,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  try {
    const unsubscribe = await database.listen(
      channel,
      (payload) => {
        const at = Number(payload);
        target.wakeAt(payload && Number.isFinite(at) ? at : undefined);
      },
      () => target.setListening(false),
      () => {
        target.setListening(true);
        target.wakeAt();
      },
    );
    target.setListening(true);
    return unsubscribe;
  } catch (err) {
    log.warn({ err, channel }, 'no database notifications: polling instead');
    target.setListening(false);
    return async () => {};
  }
}
