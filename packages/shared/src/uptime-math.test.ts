import { describe, expect, it } from 'vitest';
import {
  dayBars,
  dayTone,
  formatDuration,
  formatPercent,
  percentOver,
  percentUp,
  utcDay,
} from './uptime-math';

describe('uptime percentages', () => {
  it('is null without checks, 100 without failures', () => {
    expect(percentUp(0, 0)).toBeNull();
    expect(percentUp(1440, 0)).toBe(100);
  });

  it('rounds down: one failure in 30 days of minutes is 99.99 %, never 100 %', () => {
    expect(percentUp(43_200, 1)).toBe(99.99);
    expect(percentUp(100_000, 1)).toBe(99.99);
    expect(percentUp(1440, 1439)).toBe(0.06);
    expect(percentUp(3, 1)).toBe(66.66);
    expect(percentUp(5, 9)).toBe(0);
  });

  it('weighs every check alike over several days', () => {
    const days = [
      { day: '2026-11-01', checks: 1440, failures: 0, simulated: false },
      { day: '2026-11-02', checks: 720, failures: 72, simulated: false },
      { day: '2026-11-03', checks: 0, failures: 0, simulated: false },
    ];
    expect(percentOver(days)).toBe(96.66);
    expect(percentOver([])).toBeNull();
  });
});

describe('daily bars', () => {
  const now = new Date('2026-11-29T08:00:00Z');

  it('lists the last N UTC days oldest first, missing days without data', () => {
    const bars = dayBars(
      [
        { day: '2026-11-29', checks: 480, failures: 3, simulated: false },
        { day: '2026-11-27', checks: 1440, failures: 0, simulated: true },
        { day: '2026-10-01', checks: 1440, failures: 0, simulated: false },
      ],
      30,
      now,
    );
    expect(bars).toHaveLength(30);
    expect(bars[0]!.day).toBe('2026-10-31');
    expect(bars[29]).toEqual({ day: '2026-11-29', checks: 480, failures: 3, simulated: false });
    expect(bars[27]!.simulated).toBe(true);
    expect(bars[28]).toEqual({ day: '2026-11-28', checks: 0, failures: 0, simulated: false });
  });

  it('counts days in UTC across a month end', () => {
    expect(utcDay(new Date('2026-12-01T00:30:00Z'), 1)).toBe('2026-11-30');
  });

  it('colours a bar by its share', () => {
    expect(dayTone(null)).toBe('none');
    expect(dayTone(100)).toBe('up');
    expect(dayTone(99.5)).toBe('degraded');
    expect(dayTone(98.99)).toBe('down');
  });
});

describe('French formats', () => {
  it('writes durations and percentages', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(12 * 60 + 5)).toBe('12 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 05 min');
    expect(formatDuration(3 * 86_400 + 4 * 3600)).toBe('3 j 4 h');
    expect(formatPercent(99.95)).toBe('99,95 %');
    expect(formatPercent(null)).toBe('—');
  });
});
