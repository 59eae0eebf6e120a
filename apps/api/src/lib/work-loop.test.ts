import pino from 'pino';
import { describe, expect, it } from 'vitest';
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
    const loop = new WorkLoop(
      async () => {
        passes++;
        if (passes === 1) throw new Error('database gone');
        await sleep(50);
        finished++;
        return 0;
      },
      { pollMs: 5, log, failure: 'x' },
    );
    loop.start();
    await sleep(20);
    await loop.stop();
    expect(passes).toBe(2);
    expect(finished).toBe(1); // the second pass was allowed to end before stop() returned
  });
});
