import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costSnapshots } from '../../db/schema/costs';
import { createVerifiedUser } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { recordAndCompare } from './cost-trend';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const snapshotsOf = (userId: string) =>
  t.app.ctx.db
    .select({
      month: costSnapshots.month,
      xof: costSnapshots.monthlyXof,
      at: costSnapshots.updatedAt,
    })
    .from(costSnapshots)
    .where(eq(costSnapshots.userId, userId))
    .orderBy(costSnapshots.month);

describe("the dashboard's month-on-month trend", () => {
  it('records the month once, rewrites it only when the cost changes, and compares with the month before', async () => {
    const user = await createVerifiedUser(t);
    const db = t.app.ctx.db;

    const first = await recordAndCompare(db, user.id, 20_000, new Date('2026-10-20T10:00:00Z'));
    expect(first).toEqual({
      current_month: '2026-10',
      previous_month: null,
      previous_monthly_cost: null,
      change_percent: null,
    });
    // Read again the same day at the same cost: nothing is written (a dashboard read is not a write).
    await recordAndCompare(db, user.id, 20_000, new Date('2026-10-25T10:00:00Z'));
    expect(await snapshotsOf(user.id)).toEqual([
      { month: '2026-10', xof: 20_000, at: new Date('2026-10-20T10:00:00Z') },
    ]);
    // The cost changed within the month: the last value seen is what the month cost.
    await recordAndCompare(db, user.id, 25_000, new Date('2026-10-30T10:00:00Z'));
    expect(await snapshotsOf(user.id)).toEqual([
      { month: '2026-10', xof: 25_000, at: new Date('2026-10-30T10:00:00Z') },
    ]);

    const next = await recordAndCompare(db, user.id, 30_000, new Date('2026-11-02T10:00:00Z'));
    expect(next).toEqual({
      current_month: '2026-11',
      previous_month: '2026-10',
      previous_monthly_cost: 25_000,
      change_percent: 20,
    });
    expect((await snapshotsOf(user.id)).map((s) => [s.month, s.xof])).toEqual([
      ['2026-10', 25_000],
      ['2026-11', 30_000],
    ]);
  });
});
