import type { CostTrend } from '@nuage/shared/dashboard-types';
import { and, eq } from 'drizzle-orm';
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
  await db
    .insert(costSnapshots)
    .values({ userId, month, monthlyXof, updatedAt: now })
    .onConflictDoUpdate({
      target: [costSnapshots.userId, costSnapshots.month],
      set: { monthlyXof, updatedAt: now },
    });
  const before = previousMonth(month);
  const [previous] = await db
    .select({ monthlyXof: costSnapshots.monthlyXof })
    .from(costSnapshots)
    .where(and(eq(costSnapshots.userId, userId), eq(costSnapshots.month, before)));
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
