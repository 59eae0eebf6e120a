import { describe, expect, it } from 'vitest';
import { onceEvery } from './once-every';

const at = (ms: number) => new Date(Date.parse('2026-11-29T12:00:00Z') + ms);

describe('onceEvery', () => {
  it('opens the first time, then once the period has gone by since it last opened', () => {
    const due = onceEvery(10_000);
    expect([0, 4_000, 9_999, 10_000, 15_000, 20_000].map((t) => due(at(t)))).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
  });

  it('opens again when the clock did not move on or went back', () => {
    const due = onceEvery(10_000);
    expect(due(at(5_000))).toBe(true);
    expect(due(at(5_000))).toBe(true);
    expect(due(at(1_000))).toBe(true);
    expect(due(at(2_000))).toBe(false);
  });
});
