import { describe, expect, it } from 'vitest';
import { simulatedStackUsage } from './simulated-stack';

/** The simulation runtime's figures per Compose service (issue 30 item 2). */
describe('simulatedStackUsage', () => {
  const stack = { services: ['web', 'db'], exposed: 'web' };
  const sizes = new Map([
    ['web', { cpuMilli: 250, ramMb: 256 }],
    ['db', { cpuMilli: 1000, ramMb: 2000 }],
  ]);
  const now = new Date('2026-11-30T05:00:00Z');

  it('keeps each running service within its own limits, on curves of its own', () => {
    const [web, db] = simulatedStackUsage({
      stack,
      sizes,
      running: true,
      now,
      secondsSinceStart: 600,
    });
    expect(web!.cpuMilli).toBeGreaterThanOrEqual(250 * 0.15 - 1);
    expect(web!.cpuMilli).toBeLessThanOrEqual(250 * 0.55 + 1);
    expect(db!.ramMb).toBeGreaterThanOrEqual(2000 * 0.35 - 1);
    expect(db!.ramMb).toBeLessThanOrEqual(2000 * 0.7 + 1);
    expect(db!.cpuMilli / 1000).not.toBeCloseTo(web!.cpuMilli / 250, 2);
    // The exposed service receives the visitors' traffic, more than the others' exchanges.
    expect(web!.netTxBytes!).toBeGreaterThan(db!.netTxBytes!);
    expect(db).toMatchObject({ service: 'db', restarts: 0 });
  });

  it('counts nothing while the application is not ready', () => {
    expect(
      simulatedStackUsage({ stack, sizes, running: false, now, secondsSinceStart: 1 }),
    ).toEqual([
      { service: 'web', cpuMilli: 0, ramMb: 0, netRxBytes: null, netTxBytes: null, restarts: null },
      { service: 'db', cpuMilli: 0, ramMb: 0, netRxBytes: null, netTxBytes: null, restarts: null },
    ]);
  });
});
