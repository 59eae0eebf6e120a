import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DueRowsWorker, dueIn, inPool, type RowByRowOptions } from './due-rows-worker';

const fakeLog = () => ({ warn: vi.fn(), error: vi.fn() });
type Options = Omit<Partial<RowByRowOptions<string>>, 'log'>;

function worker(opts: Options & { log?: ReturnType<typeof fakeLog> }) {
  const log = opts.log ?? fakeLog();
  return new DueRowsWorker<string>({
    intervalMs: 60_000,
    nextDueAt: async () => null,
    claim: async () => [],
    handle: async () => undefined,
    together: false,
    rowFailure: { message: 'row not handled', fields: (row) => ({ rowId: row }) },
    failure: 'pass failed',
    ...opts,
    log: log as unknown as FastifyBaseLogger,
  });
}

describe('dueIn', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');

  it('answers the milliseconds until the row falls due, negative once overdue', () => {
    expect(dueIn(new Date(now + 4_500), now)).toBe(4_500);
    expect(dueIn(new Date(now - 2_000), now)).toBe(-2_000);
  });

  it('answers null when no row is due', () => {
    expect(dueIn(null, now)).toBeNull();
  });
});

describe('DueRowsWorker.pass', () => {
  const now = new Date('2026-11-29T12:00:00Z');

  it('prepares, claims at the pass time, handles each row and answers how many it claimed', async () => {
    const calls: string[] = [];
    const w = worker({
      prepare: async (at) => void calls.push(`prepare ${at.toISOString()}`),
      claim: async (at) => (calls.push(`claim ${at.toISOString()}`), ['a', 'b']),
      handle: async (row, at) => void calls.push(`handle ${row} ${at.toISOString()}`),
    });
    expect(await w.pass(now)).toBe(2);
    const t = now.toISOString();
    expect(calls).toEqual([`prepare ${t}`, `claim ${t}`, `handle a ${t}`, `handle b ${t}`]);
  });

  it('logs a failing row with its fields and goes on with the others', async () => {
    const log = fakeLog();
    const handled: string[] = [];
    const boom = new Error('boom');
    const w = worker({
      log,
      claim: async () => ['a', 'b', 'c'],
      handle: async (row) => {
        if (row === 'b') throw boom;
        handled.push(row);
      },
    });
    expect(await w.pass(now)).toBe(3);
    expect(handled).toEqual(['a', 'c']);
    expect(log.warn).toHaveBeenCalledExactlyOnceWith({ err: boom, rowId: 'b' }, 'row not handled');
  });

  it('lets a failing claim or preparation fail the pass (the loop logs it)', async () => {
    const handle = vi.fn();
    await expect(
      worker({ claim: () => Promise.reject(new Error('db down')), handle }).pass(now),
    ).rejects.toThrow('db down');
    await expect(
      worker({ prepare: () => Promise.reject(new Error('no')), handle }).pass(now),
    ).rejects.toThrow('no');
    expect(handle).not.toHaveBeenCalled();
  });

  it('handles the rows all at once when together, one after another otherwise', async () => {
    const inFlight = async (together: boolean) => {
      let running = 0;
      let most = 0;
      await worker({
        together,
        claim: async () => ['a', 'b', 'c'],
        handle: async () => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
        },
      }).pass(now);
      return most;
    };
    expect(await inFlight(true)).toBe(3);
    expect(await inFlight(false)).toBe(1);
  });

  it('gives the whole batch to handleAll, and does not call it when nothing was claimed', async () => {
    const batches: string[][] = [];
    const make = (rows: string[]) =>
      new DueRowsWorker<string>({
        log: fakeLog() as unknown as FastifyBaseLogger,
        failure: 'pass failed',
        intervalMs: 60_000,
        nextDueAt: async () => null,
        claim: async () => rows,
        handleAll: async (all) => void batches.push(all),
      });
    expect(await make(['a', 'b', 'c']).pass(now)).toBe(3);
    expect(await make([]).pass(now)).toBe(0);
    expect(batches).toEqual([['a', 'b', 'c']]);
  });
});

describe('inPool', () => {
  it("runs at most `limit` at once and answers in the items' order", async () => {
    let running = 0;
    let most = 0;
    const out = await inPool([30, 10, 20, 0, 5], 2, async (ms) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 0, 10]);
    expect(most).toBe(2);
    expect(await inPool([], 4, async () => 1)).toEqual([]);
  });
});

describe('DueRowsWorker loop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts a worker under fake timers and counts its claims. */
  function started(opts: Omit<Options, 'claim'>) {
    vi.useFakeTimers();
    const claims = vi.fn(async () => [] as string[]);
    const w = worker({ ...opts, claim: claims });
    w.start();
    return { w, claims };
  }

  it('passes again when the next row falls due, not a whole poll later', async () => {
    const { w, claims } = started({
      intervalMs: 3_600_000,
      nextDueAt: async () => new Date(Date.now() + 5_000),
    });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(claims).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(claims).toHaveBeenCalledTimes(2);
    await w.stop();
  });

  it('polls every interval, a minute at most, when no row is due', async () => {
    const { w, claims } = started({ intervalMs: 3_600_000 });
    await vi.advanceTimersByTimeAsync(59_900);
    expect(claims).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(claims).toHaveBeenCalledTimes(2);
    await w.stop();

    const short = started({ intervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(10_100);
    expect(short.claims).toHaveBeenCalledTimes(2);
    await short.w.stop();
  });

  it('keeps an explicit poll interval, even beyond a minute', async () => {
    const { w, claims } = started({ intervalMs: 120_000, pollMs: 120_000 });
    await vi.advanceTimersByTimeAsync(119_900);
    expect(claims).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(claims).toHaveBeenCalledTimes(2);
    await w.stop();
  });
});
