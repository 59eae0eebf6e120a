import { describe, expect, it } from 'vitest';
import { evaluateErrorRate, evaluateRule, type AlertSample } from './evaluate';

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const ctx = { now: NOW, limits: { cpuMilli: 1000, ramMb: 512 }, sampleMs: 30_000 };
const cpu90 = { kind: 'cpu' as const, threshold: 90, windowMinutes: 10 };

/** One sample every 30 s over the last `minutes`, the CPU given by `cpuAt(minutesAgo)`. */
function series(
  minutes: number,
  cpuAt: (minutesAgo: number) => number,
  restarts?: (m: number) => number,
) {
  const out: AlertSample[] = [];
  for (let s = minutes * 60; s >= 0; s -= 30) {
    const m = s / 60;
    out.push({
      at: NOW - s * 1000,
      cpuMilli: cpuAt(m),
      ramMb: 100,
      restarts: restarts ? restarts(m) : 0,
    });
  }
  return out;
}

describe('CPU and memory rules', () => {
  it('fire when every sample of the whole window is above the threshold, with the average', () => {
    const v = evaluateRule(
      cpu90,
      series(12, () => 970),
      ctx,
    );
    expect(v).toEqual({ state: 'firing', value: 97 });
  });

  it('do not fire on a short spike, nor before the window is covered', () => {
    const spike = series(12, (m) => (m < 3 ? 990 : 200));
    expect(evaluateRule(cpu90, spike, ctx).state).toBe('clear');
    // Above the threshold, but the application only started 5 minutes ago.
    const young = series(5, () => 990);
    expect(evaluateRule(cpu90, young, ctx).state).not.toBe('firing');
  });

  it('do not fire when one sample of the window dipped below, and hold an open alert', () => {
    const dip = series(12, (m) => (m > 4.9 && m < 5.1 ? 500 : 990));
    expect(evaluateRule(cpu90, dip, ctx)).toEqual({ state: 'holding', value: 97 });
  });

  it('recover once the window average is back at or below the threshold', () => {
    const calmer = series(12, (m) => (m < 6 ? 300 : 990));
    expect(evaluateRule(cpu90, calmer, ctx).state).toBe('clear');
    expect(evaluateRule(cpu90, [], ctx).state).toBe('clear');
  });

  it('read memory against the memory limit', () => {
    const rule = { kind: 'memory' as const, threshold: 80, windowMinutes: 5 };
    const samples = series(6, () => 0).map((s) => ({ ...s, ramMb: 500 }));
    expect(evaluateRule(rule, samples, ctx)).toEqual({ state: 'firing', value: 98 });
  });
});

describe('restart rules', () => {
  const rule = { kind: 'restarts' as const, threshold: 3, windowMinutes: 5 };

  it('fire on more restarts than the threshold within the window, counted from before it', () => {
    // 10 restarts long ago, then one a minute during the last 5 minutes.
    const samples = series(
      10,
      () => 0,
      (m) => (m >= 5 ? 10 : 10 + Math.floor(5 - m)),
    );
    expect(evaluateRule(rule, samples, ctx)).toEqual({ state: 'firing', value: 5 });
  });

  it('count from zero again when the containers were replaced', () => {
    const samples = series(
      10,
      () => 0,
      (m) => (m >= 3 ? 8 : 4),
    );
    expect(evaluateRule(rule, samples, ctx)).toEqual({ state: 'firing', value: 4 });
  });

  it('clear when no restart happened in the window, hold while a few still do', () => {
    expect(
      evaluateRule(
        rule,
        series(
          10,
          () => 0,
          () => 7,
        ),
        ctx,
      ).state,
    ).toBe('clear');
    const few = series(
      10,
      () => 0,
      (m) => (m >= 2 ? 7 : 8),
    );
    expect(evaluateRule(rule, few, ctx)).toEqual({ state: 'holding', value: 1 });
  });
});

describe('5xx rate rules', () => {
  const rule = { kind: 'errors5xx' as const, threshold: 10, windowMinutes: 5 };
  const now = 10 * 60_000;
  /** One minute of traffic per entry, the last one ending now. */
  const minutes = (list: [number, number][]) =>
    list.map(([requests, status5xx], i) => ({
      at: now - (list.length - 1 - i) * 60_000,
      requests,
      status5xx,
    }));

  it('fires above the threshold over the window, with the rate in whole %', () => {
    const verdict = evaluateErrorRate(
      rule,
      minutes([
        [20, 1],
        [20, 5],
        [20, 4],
        [20, 2],
        [20, 3],
      ]),
      { now },
    );
    expect(verdict).toEqual({ state: 'firing', value: 15 });
  });

  it('ignores minutes before the window', () => {
    const traffic = [
      { at: now - 6 * 60_000, requests: 100, status5xx: 100 },
      ...minutes([[50, 0]]),
    ];
    expect(evaluateErrorRate(rule, traffic, { now })).toEqual({ state: 'clear', value: 0 });
  });

  it('does not open on too few requests, but keeps an open alert open', () => {
    expect(evaluateErrorRate(rule, minutes([[3, 2]]), { now })).toEqual({
      state: 'holding',
      value: 67,
    });
  });

  it('clears at or below the threshold, and when nothing was served', () => {
    expect(evaluateErrorRate(rule, minutes([[50, 5]]), { now })).toEqual({
      state: 'clear',
      value: 10,
    });
    expect(evaluateErrorRate(rule, [], { now })).toEqual({ state: 'clear', value: 0 });
  });
});

describe('disk rules', () => {
  const disk90 = { kind: 'disk' as const, threshold: 90, windowMinutes: 10 };
  const withDisk = (minutes: number, percentAt: (m: number) => number | null) =>
    series(minutes, () => 100).map((s) => ({
      ...s,
      diskPercent: percentAt((NOW - s.at) / 60_000),
    }));

  it('fire when the fullest volume stays above the threshold over the window, read as it is', () => {
    expect(
      evaluateRule(
        disk90,
        withDisk(12, () => 95),
        ctx,
      ),
    ).toEqual({
      state: 'firing',
      value: 95,
    });
  });

  it('ignore samples without a disk measure, and are clear with none', () => {
    expect(
      evaluateRule(
        disk90,
        withDisk(12, () => null),
        ctx,
      ),
    ).toEqual({
      state: 'clear',
      value: 0,
    });
    // Measured only in the last 3 minutes: the window is not covered.
    expect(
      evaluateRule(
        disk90,
        withDisk(12, (m) => (m < 3 ? 99 : null)),
        ctx,
      ).state,
    ).toBe('holding');
  });

  it('recover when the average is back at or below the threshold', () => {
    expect(
      evaluateRule(
        disk90,
        withDisk(12, () => 70),
        ctx,
      ),
    ).toEqual({
      state: 'clear',
      value: 70,
    });
  });
});
