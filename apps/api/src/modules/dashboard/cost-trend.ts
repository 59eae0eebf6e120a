import type { CostTrend } from '@nuage/shared/dashboard-types';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { costSnapshots } from '../../db/schema/costs';

/** 'YYYY-MM' in UTC, and the month before. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

// Prepared once (db/prepared-sql.ts): every dashboard read asks (issue 32).
const snapshotsOf = preparedSql<
  { month: string; monthlyXof: number },
  { userId: string; month: string; before: string }
>(
  'cost_snapshots_of_two_months',
  () => sql`
    SELECT ${costSnapshots.month} AS month, ${costSnapshots.monthlyXof} AS "monthlyXof"
    FROM ${costSnapshots}
    WHERE ${costSnapshots.userId} = ${sql.placeholder('userId')}
      AND ${costSnapshots.month} IN (${sql.placeholder('month')}, ${sql.placeholder('before')})`,
);

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
  const snapshots = await snapshotsOf(db, { userId, month, before });
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
