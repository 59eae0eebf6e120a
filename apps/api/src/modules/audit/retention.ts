import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';

const DAY_MS = 24 * 3600_000;

/** Drops audit entries older than the retention (at least 90 days, see AUDIT_RETENTION_DAYS). */
export async function purgeAuditEvents(db: Executor, retentionDays: number): Promise<number> {
  const gone = await db
    .delete(auditEvents)
    .where(lt(auditEvents.createdAt, new Date(Date.now() - retentionDays * DAY_MS)))
    .returning({ id: auditEvents.id });
  return gone.length;
}
