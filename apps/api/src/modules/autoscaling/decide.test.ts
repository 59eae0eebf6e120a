import { describe, expect, it } from 'vitest';
import { decideScale, type ScalePolicy } from './decide';

const MIN = 60_000;
const now = new Date('2026-11-29T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * MIN);
const timings = { upCooldownMs: 3 * MIN, downCooldownMs: 5 * MIN, downMargin: 0.8 };
const policy: ScalePolicy = {
  minReplicas: 1,
  maxReplicas: 3,
  cpuTargetPercent: 60,
  memoryTargetPercent: null,
  lastScaleUpAt: null,
  lastScaleDownAt: null,
};
const decide = (
  replicas: number,
  cpuPercent: number | null,
  p: Partial<ScalePolicy> = {},
  memoryPercent: number | null = null,
) =>
  decideScale({
    replicas,
    policy: { ...policy, ...p },
    load: { cpuPercent, memoryPercent },
    timings,
    now,
  });

describe('decideScale', () => {
  it('adds one instance when the average CPU is above the target', () => {
    expect(decide(1, 83)).toEqual({
      action: 'up',
      to: 2,
      reason: { kind: 'load', resource: 'cpu', value: 83, target: 60 },
    });
  });

  it('removes one instance when the load, spread over one fewer, stays well below the target', () => {
    // 2 × 20 % → 40 % on one: under 48 % (80 % of 60).
    expect(decide(2, 20)).toMatchObject({ action: 'down', to: 1 });
  });

  it('keeps the count inside the hysteresis band (no flapping)', () => {
    // 2 × 30 % → 60 % on one: not under 48 %, and not above the target either.
    expect(decide(2, 30)).toEqual({ action: 'none', why: 'in-range' });
    expect(decide(2, 60)).toEqual({ action: 'none', why: 'in-range' });
  });

  it('waits out the cool-downs: 3 minutes before a step up, 5 before a step down', () => {
    expect(decide(1, 90, { lastScaleUpAt: ago(2) })).toEqual({ action: 'none', why: 'cooldown' });
    expect(decide(1, 90, { lastScaleUpAt: ago(4) })).toMatchObject({ action: 'up', to: 2 });
    expect(decide(2, 5, { lastScaleUpAt: ago(4) })).toEqual({ action: 'none', why: 'cooldown' });
    expect(decide(2, 5, { lastScaleUpAt: ago(6) })).toMatchObject({ action: 'down', to: 1 });
    expect(decide(3, 5, { lastScaleDownAt: ago(1) })).toEqual({ action: 'none', why: 'cooldown' });
  });

  it('never goes above the maximum nor below the minimum', () => {
    expect(decide(3, 99)).toEqual({ action: 'none', why: 'at-max' });
    expect(decide(1, 0)).toEqual({ action: 'none', why: 'at-min' });
    expect(decide(2, 0, { minReplicas: 2 })).toEqual({ action: 'none', why: 'at-min' });
  });

  it('brings a count outside the bounds back one step at a time, whatever the load', () => {
    expect(decide(1, 0, { minReplicas: 3 })).toEqual({
      action: 'up',
      to: 2,
      reason: { kind: 'bounds', min: 3, max: 3 },
    });
    expect(decide(5, 99, { lastScaleDownAt: ago(0) })).toMatchObject({ action: 'down', to: 4 });
  });

  it('does nothing without samples', () => {
    expect(decide(2, null)).toEqual({ action: 'none', why: 'no-data' });
  });

  it('scales up on memory above its target, and down only when memory is low too', () => {
    expect(decide(1, 10, { memoryTargetPercent: 70 }, 85)).toEqual({
      action: 'up',
      to: 2,
      reason: { kind: 'load', resource: 'memory', value: 85, target: 70 },
    });
    expect(decide(2, 5, { memoryTargetPercent: 70 }, 40)).toEqual({
      action: 'none',
      why: 'in-range',
    });
    expect(decide(2, 5, { memoryTargetPercent: 70 }, 20)).toMatchObject({ action: 'down' });
  });
});
