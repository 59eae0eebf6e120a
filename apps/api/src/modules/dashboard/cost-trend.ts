import type { CostTrend } from '@nuage/shared/dashboard-types';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { costSnapshots } from '../../db/schema/costs';

/** 'YYYY-MM' in UTC, and the month before. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * Records this month's cost (the last value seen in a month is what that month cost) and
 * compares it with the previous month's snapshot. No previous snapshot: no trend, said so.
 */
export async function recordAndCompare(
  db: Executor,
  userId: string,
  monthlyXof: number,
  now = new Date(),
): Promise<CostTrend> {
  const month = monthOf(now);
  const before = previousMonth(month);
  const snapshots = await db
    .select({ month: costSnapshots.month, monthlyXof: costSnapshots.monthlyXof })
    .from(costSnapshots)
    .where(and(eq(costSnapshots.userId, userId), inArray(costSnapshots.month, [month, before])));
  const current = snapshots.find((s) => s.month === month);
  // Written only when the month's cost changed: the dashboard is read far more often than
  // costs change, and a write per read is a commit (a WAL flush) per read (issue 32).
  if (current?.monthlyXof !== monthlyXof)
    await db
      .insert(costSnapshots)
      .values({ userId, month, monthlyXof, updatedAt: now })
      .onConflictDoUpdate({
        target: [costSnapshots.userId, costSnapshots.month],
        set: { monthlyXof, updatedAt: now },
      });
  const previous = snapshots.find((s) => s.month === before);
  if (!previous)
    return {
      current_month: month,
      previous_month: null,
      previous_monthly_cost: null,
      change_percent: null,
    };
  const change =
    previous.monthlyXof === 0
      ? null
      : Math.round(((monthlyXof - previous.monthlyXof) / previous.monthlyXof) * 1000) / 10;
  return {
    current_month: month,
    previous_month: before,
    previous_monthly_cost: previous.monthlyXof,
    change_percent: change,
  };
}
