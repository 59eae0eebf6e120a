import { and, asc, eq, inArray, isNotNull, lte, min, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { previews } from '../../db/schema/previews';
import type { PreviewRow } from './preview-state';

/** When the next row falls due on `column` (a report to write, a preview to delete). */
export async function nextDueAt(
  db: Executor,
  column: AnyPgColumn,
  where?: SQL,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(column) })
    .from(previews)
    .where(and(isNotNull(column), where));
  return (row?.at as Date | null | undefined) ?? null;
}

/**
 * The previews due at `now` on `column`, each leased by moving it `leaseMs` ahead (`SKIP
 * LOCKED`): two API processes never report or delete one preview at once.
 */
export function claimDue(
  db: Executor,
  column: typeof previews.reportDueAt | typeof previews.deleteAt | typeof previews.idleCheckAt,
  opts: { now: Date; leaseMs: number; limit: number; where?: SQL },
): Promise<PreviewRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: previews.id })
      .from(previews)
      .where(and(lte(column, opts.now), opts.where))
      .orderBy(asc(column))
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const lease = new Date(opts.now.getTime() + opts.leaseMs);
    return tx
      .update(previews)
      .set(
        column === previews.reportDueAt
          ? { reportDueAt: lease }
          : column === previews.deleteAt
            ? { deleteAt: lease }
            : { idleCheckAt: lease },
      )
      .where(
        inArray(
          previews.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export const closing = eq(previews.state, 'closing');
export const open = eq(previews.state, 'open');
