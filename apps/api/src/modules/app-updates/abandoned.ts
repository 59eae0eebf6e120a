import { backupTexts } from '@nuage/shared/schemas/backups';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applicationUpdates } from '../../db/schema/application-updates';
import { backups } from '../../db/schema/backups';

/** Between a backup's end and the update taking it up, a live process needs far less. */
const GRACE = sql`now() - interval '5 minutes'`;

/**
 * Updates whose process died while their backup ran: the backups' worker failed that backup
 * (failAbandoned), nothing will take the update up, so it ends as failed (the application never
 * changed) and « Mettre à jour » is offered again. Called by the backups' worker at each pass.
 */
export async function failAbandonedUpdates(db: Executor): Promise<number> {
  const ended = db
    .select({ id: backups.id })
    .from(backups)
    .where(and(inArray(backups.status, ['success', 'failed']), lt(backups.completedAt, GRACE)));
  const rows = await db
    .update(applicationUpdates)
    .set({ status: 'failed', error: backupTexts.backupInterrupted, completedAt: new Date() })
    .where(
      and(
        eq(applicationUpdates.status, 'backing_up'),
        or(isNull(applicationUpdates.backupId), inArray(applicationUpdates.backupId, ended)),
      ),
    )
    .returning({ id: applicationUpdates.id });
  return rows.length;
}
