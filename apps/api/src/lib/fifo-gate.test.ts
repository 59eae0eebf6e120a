import { describe, expect, it } from 'vitest';
import { KeyedFifoGate } from './fifo-gate';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedFifoGate', () => {
  it('runs the tasks of one key one at a time, in arrival order, even after a failure', async () => {
    const gate = new KeyedFifoGate();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await sleep(ms);
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      gate.run('app', task('a', 20, true)),
      gate.run('app', task('b', 5)),
    ]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });

  it('lets different keys run side by side', async () => {
    const gate = new KeyedFifoGate();
    const log: string[] = [];
    await Promise.all(
      ['x', 'y'].map((key) =>
        gate.run(key, async () => {
          log.push(`${key} start`);
          await sleep(10);
          log.push(`${key} end`);
        }),
      ),
    );
    expect(log.slice(0, 2)).toEqual(['x start', 'y start']);
  });
});
