import { describe, expect, it } from 'vitest';
import { formatAge } from './format';

const now = new Date('2026-03-10T12:00:00.000Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
/** Intl puts no-break spaces where a reader sees spaces. */
const age = (value: string | Date) => formatAge(value, now).replace(/\s/g, ' ');

describe('formatAge', () => {
  it('says how long ago in the largest whole unit, as the French short form', () => {
    expect(age(before(20))).toBe('il y a 20 s');
    expect(age(before(5 * 60 + 59))).toBe('il y a 5 min');
    expect(age(before(2 * 3600 + 1800))).toBe('il y a 2 h');
    expect(age(before(3 * 86_400 + 7200))).toBe('il y a 3 j');
  });

  it('reads a server clock slightly ahead as just now, and a broken date as a dash', () => {
    expect(age(new Date(now.getTime() + 4000))).toBe('il y a 0 s');
    expect(age('pas une date')).toBe('—');
  });
});
