import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { WorkLoop } from './work-loop';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WorkLoop', () => {
  it('runs passes back to back while they find work, then waits for the poll interval', async () => {
    let passes = 0;
    const loop = new WorkLoop(async () => (++passes <= 3 ? 1 : 0), {
      pollMs: 60_000,
      log,
      failure: 'x',
    });
    loop.start();
    await sleep(100);
    await loop.stop();
    expect(passes).toBe(4); // three with work, one that found none; the next is a minute away
  });

  it('runs again right after a pass during which it was woken', async () => {
    let passes = 0;
    const loop: WorkLoop = new WorkLoop(
      async () => {
        passes++;
        if (passes === 1) loop.wake(); // new work written while this pass ran
        await sleep(10);
        return 0;
      },
      { pollMs: 60_000, log, failure: 'x' },
    );
    loop.start();
    await sleep(150);
    await loop.stop();
    expect(passes).toBe(2);
  });

  it('carries on after a pass that throws, and stop() waits for the pass under way', async () => {
    let passes = 0;
    let finished = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const loop = new WorkLoop(
      async () => {
        passes++;
        if (passes === 1) throw new Error('database gone');
        await held;
        finished++;
        return 0;
      },
      { pollMs: 5, log, failure: 'x' },
    );
    loop.start();
    // The second pass, after the failed one, is under way (whenever a loaded machine runs it).
    await vi.waitFor(() => expect(passes).toBe(2), { timeout: 10_000 });
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped, 'stop() returned while a pass was under way').toBe(false);
    release();
    await stopping;
    expect(passes).toBe(2);
    expect(finished).toBe(1); // the second pass was allowed to end before stop() returned
  });

  it('sleeps until the work it is told falls due, rather than the whole poll interval', async () => {
    let passes = 0;
    let asked = 0;
    const loop = new WorkLoop(async () => (passes++, 0), {
      pollMs: 60_000,
      log,
      failure: 'x',
      // Due in 300 ms after the first pass; nothing known after the second.
      nextDueMs: async () => (++asked === 1 ? 300 : null),
    });
    loop.start();
    await sleep(100);
    expect(passes).toBe(1);
    await sleep(600);
    await loop.stop();
    expect(passes).toBe(2); // the due work was looked at; the next look is a minute away
  });

  it('is brought forward by wakeAt(), never put back by it', async () => {
    let passes = 0;
    const loop = new WorkLoop(async () => (passes++, 0), { pollMs: 60_000, log, failure: 'x' });
    loop.start();
    await sleep(50);
    expect(passes).toBe(1);
    loop.wakeAt(Date.now() + 120_000); // later than the poll: changes nothing
    loop.wakeAt(Date.now() + 100);
    await sleep(400);
    await loop.stop();
    expect(passes).toBe(2);
  });

  it('polls at the interval its pollMs function gives at each sleep (the fallback while notifications are down)', async () => {
    let passes = 0;
    let notified = true;
    const loop = new WorkLoop(async () => (passes++, 0), {
      pollMs: () => (notified ? 60_000 : 20),
      log,
      failure: 'x',
    });
    loop.start();
    await sleep(100);
    expect(passes).toBe(1);
    notified = false;
    loop.wake();
    await sleep(200);
    await loop.stop();
    expect(passes).toBeGreaterThan(3);
  });
});
