import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import type { DatabaseHandle } from './client';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the connection pool', () => {
  it('answers a single query while a burst of transactions waits on one lock', async () => {
    let unlock!: () => void;
    const released = new Promise<void>((resolve) => (unlock = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = database.withAdvisoryLock(42, async () => {
      holding();
      await released;
    });
    await held;
    // More transactions than the pool has connections, every one stuck behind the lock.
    const burst = Array.from({ length: 15 }, () =>
      database.db.transaction((tx) => tx.execute(sql`select pg_advisory_xact_lock(42)`)),
    );
    await new Promise((r) => setTimeout(r, 200));

    const started = performance.now();
    const read = await database.db.execute(sql`select 'lu' as answer`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((read as unknown as { rows: unknown[] }).rows).toEqual([{ answer: 'lu' }]);

    unlock();
    await holder;
    await expect(Promise.all(burst)).resolves.toHaveLength(15);
  });
});
