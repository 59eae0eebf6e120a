import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { emitNotification, emitQuietly } from '../../db/notification-events';
import type { projects } from '../../db/schema/projects';
import type { Reservation } from '../../lib/reservation';
import { QuotaExceededError } from '../../lib/errors';

/** A project's quota notices (issue 27): above 90 % after a change, and a change refused. */

const HIGH_SHARE = 0.9;

/**
 * After a change the quota accepted: at 90 % or more of a resource, the project hears it, once a
 * month at most (the event's key). Inside the caller's transaction, in a savepoint: a failure
 * here is undone and swallowed, the deploy goes on (and a deploy rolled back takes it along).
 */
export async function noticeHighUsage(
  tx: Executor,
  project: typeof projects.$inferSelect,
  usedBefore: Reservation,
  requested: Reservation,
): Promise<void> {
  const shares = [
    (usedBefore.cpuMilli + requested.cpuMilli) / project.quotaCpuMilli,
    (usedBefore.ramMb + requested.ramMb) / project.quotaRamMb,
    (usedBefore.storageMb + requested.storageMb) / project.quotaStorageMb,
  ];
  const highest = Math.max(...shares);
  if (!(highest >= HIGH_SHARE)) return;
  try {
    await emitNotification(tx, {
      projectId: project.id,
      type: 'quota.high',
      link: `/projects/${project.id}`,
      params: { pourcentage: Math.min(100, Math.round(highest * 100)) },
      dedupKey: `quota90:${new Date().toISOString().slice(0, 7)}`,
    });
  } catch {
    // Undone by its savepoint; the deploy matters more than the notice.
  }
}

/** Every refusal by quota, whatever route it came from, tells the project (after the answer). */
export function registerQuotaRefusalNotice(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onError', async (_request, _reply, error) => {
    if (!(error instanceof QuotaExceededError) || !error.projectId) return;
    await emitQuietly(ctx.db, ctx.log, {
      projectId: error.projectId,
      type: 'quota.refused',
      link: `/projects/${error.projectId}`,
      params: { raison: error.detail.quota_exceeded.join(' ') },
    });
  });
}
